import type { ProfileField } from "@sportsbook/contracts";
import nodemailer, { type Transporter } from "nodemailer";
import { httpSmsGateway, type SmsFormat, type SmsGateway } from "../mail/sms.js";

/** What an operator configures about accounts, mail and responsible gambling. Every field is optional. */
export interface IdentityOptions {
  /** Base URL of the site, used in links sent by e-mail (default `http://localhost:3000`). */
  publicUrl?: string;
  /** Sender of e-mails (default `Sportsbook <no-reply@sportsbook.local>`). */
  mailFrom?: string;
  /** `smtp://` or `smtps://` URL; without it mail stays in the outbox (and the development mailbox). */
  smtpUrl?: string;
  /** A ready transport instead of `smtpUrl` (nodemailer's JSON or stream transport in tests). */
  mailTransport?: Transporter;
  /** Delivers SMS (phone verification codes); without it (or `smsUrl`) SMS stay in the outbox. */
  smsGateway?: SmsGateway;
  /** An HTTP SMS gateway to deliver SMS through, spoken to in `smsFormat` (default `json`). */
  smsUrl?: string;
  smsFormat?: SmsFormat;
  /** Sender id or number of SMS (required by the `twilio` format). */
  smsFrom?: string;
  /** Serves `GET /dev/mailbox` with the outbox; for the embedded default only. */
  devMailbox?: boolean;
  /** Lets a request from another machine read the dev mailbox with `X-Operator-Key`. */
  devMailboxKey?: string | undefined;
  /** ISO 3166 alpha-2 codes where sign-in and sign-up are refused (SPEC §5). */
  blockedCountries?: string[];
  /** Header the operator's proxy sets to the visitor's country (default `x-country-code`). */
  countryHeader?: string;
  /** Demand phone verification after sign-in (SPEC §5). */
  requirePhoneVerification?: boolean;
  /** Profile fields a player must fill in (SPEC §3 `authFieldsMissed`). */
  requiredFields?: ProfileField[];
  /** Consecutive wrong passwords that lock an account (default 5). */
  lockoutThreshold?: number;
  /** Failed sign-ins allowed per IP, and per e-mail address, within 15 minutes (defaults 20 and 10). */
  signInFailuresPerIp?: number;
  signInFailuresPerAccount?: number;
  /** Sign-ups allowed per IP within an hour (default 10). */
  signUpsPerIp?: number;
  /** Mail requests (confirmation, unlock, reset, SMS code) per address and per IP within an hour (defaults 3 and 20). */
  mailRequestsPerAddress?: number;
  mailRequestsPerIp?: number;
  /** Wait before a looser limit can take effect (default 24 hours). */
  limitIncreaseDelaySeconds?: number;
  /** Currency of a new player who names none (default `EUR`). */
  defaultCurrency?: string;
  /** Least age, in whole years on the day (UTC), to open an account (default 18). */
  minimumAge?: number;
  /**
   * Least time, in ms, before sign-up and the mail-sending calls answer (default 250), so a known and
   * an unknown address cannot be told apart by how long the answer takes.
   */
  answerFloorMs?: number;
}

export interface IdentitySettings {
  publicUrl: string;
  mailFrom: string;
  transport: Transporter | null;
  smsGateway: SmsGateway | null;
  devMailbox: boolean;
  devMailboxKey: string | undefined;
  blockedCountries: ReadonlySet<string>;
  countryHeader: string;
  requirePhoneVerification: boolean;
  requiredFields: readonly ProfileField[];
  lockoutThreshold: number;
  signInFailuresPerIp: number;
  signInFailuresPerAccount: number;
  signUpsPerIp: number;
  mailRequestsPerAddress: number;
  mailRequestsPerIp: number;
  limitIncreaseDelaySeconds: number;
  defaultCurrency: string;
  minimumAge: number;
  answerFloorMs: number;
  tokenTtlSeconds: {
    confirm_email: number;
    unlock: number;
    reset_password: number;
    phone_code: number;
    session_handover: number;
  };
}

/** Fills the defaults of the identity options and opens the SMTP transport when one is configured. */
export function identitySettings(options: IdentityOptions = {}): IdentitySettings {
  const transport =
    options.mailTransport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  return {
    publicUrl: (options.publicUrl ?? "http://localhost:3000").replace(/\/+$/, ""),
    mailFrom: options.mailFrom ?? "Sportsbook <no-reply@sportsbook.local>",
    transport,
    smsGateway:
      options.smsGateway ??
      (options.smsUrl
        ? httpSmsGateway({ url: options.smsUrl, format: options.smsFormat, from: options.smsFrom })
        : null),
    devMailbox: options.devMailbox ?? false,
    devMailboxKey: options.devMailboxKey,
    blockedCountries: new Set((options.blockedCountries ?? []).map((c) => c.trim().toUpperCase())),
    countryHeader: (options.countryHeader ?? "x-country-code").toLowerCase(),
    requirePhoneVerification: options.requirePhoneVerification ?? false,
    requiredFields: options.requiredFields ?? [],
    lockoutThreshold: options.lockoutThreshold ?? 5,
    signInFailuresPerIp: options.signInFailuresPerIp ?? 20,
    signInFailuresPerAccount: options.signInFailuresPerAccount ?? 10,
    signUpsPerIp: options.signUpsPerIp ?? 10,
    mailRequestsPerAddress: options.mailRequestsPerAddress ?? 3,
    mailRequestsPerIp: options.mailRequestsPerIp ?? 20,
    limitIncreaseDelaySeconds: options.limitIncreaseDelaySeconds ?? 24 * 3600,
    defaultCurrency: options.defaultCurrency ?? "EUR",
    minimumAge: options.minimumAge ?? 18,
    answerFloorMs: options.answerFloorMs ?? 250,
    tokenTtlSeconds: {
      confirm_email: 3 * 24 * 3600,
      unlock: 24 * 3600,
      reset_password: 2 * 3600,
      phone_code: 10 * 60,
      // long enough for the frame to load, short enough that a leaked frame URL is soon worthless
      session_handover: 120,
    },
  };
}
