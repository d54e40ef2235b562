import { z } from "zod";
import { text } from "./http/common.js";

/**
 * Wire schemas of the Platform API's account calls: sign-up, e-mail confirmation, sign-in, unlock,
 * password reset, phone verification, required fields, responsible-gambling limits, sessions info
 * and activity tracking. Every string has an upper bound so an overlong input is a named 400.
 */

/** An e-mail address, trimmed and compared case-insensitively (stored lower-cased). */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());

/**
 * A password: 8 to 128 characters. The upper bound keeps the memory-hard hash affordable; the lower
 * bound and the letter-and-digit rule keep the weakest guesses out.
 */
export const passwordSchema = z
  .string()
  .min(8)
  .max(128)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), "must contain a letter and a digit");

/** A one-time token from a link (confirmation, unlock, reset): URL-safe, bounded. */
export const linkTokenSchema = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A phone number in E.164 form, e.g. `+4915112345678`. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, "must be in international form, e.g. +4915112345678");

/** Tracked tags kept from the query (SPEC §2): affiliate and campaign identifiers. */
export const trackedTagsSchema = z.object({
  ctag: text().max(200).optional(),
  btag: text().max(200).optional(),
  stag: text().max(200).optional(),
  qtag: text().max(200).optional(),
  gclid: text().max(200).optional(),
});
export const TRACKED_TAGS = ["ctag", "btag", "stag", "qtag", "gclid"] as const;

/** Profile fields an operator can require before deposits (SPEC §4 `authFieldsMissed`). */
export const profileFieldSchema = z.enum(["first_name", "last_name", "nickname", "phone", "country_code"]);
export type ProfileField = z.infer<typeof profileFieldSchema>;

/** `POST /player/sign-up`. */
const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, "an ISO 3166 alpha-2 code, e.g. DE");

export const signUpBodySchema = trackedTagsSchema.extend({
  email: emailSchema,
  password: passwordSchema,
  currency: z
    .string()
    .regex(/^[A-Z0-9]{3,5}$/)
    .optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .optional(),
  nickname: text().trim().min(1).max(50).optional(),
  first_name: text().trim().min(1).max(100).optional(),
  last_name: text().trim().min(1).max(100).optional(),
  /** The player accepts the terms and confirms being of legal age. */
  terms_accepted: z.literal(true),
  /** Checked against the operator's minimum age (`underMinimumAge`). */
  date_of_birth: z.iso.date(),
  /** ISO 3166 alpha-2 country of residence; the proxy's country of the visit when absent. */
  country: countryCodeSchema.optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/**
 * `GET /player/sign-up/options`: what the sign-up form offers and checks before it asks: the
 * operator's minimum age, the currencies an account can be opened in, the default one, and the
 * country the visit comes from (to suggest), when the operator's proxy says.
 */
export const signUpOptionsResponseSchema = z.object({
  data: z.object({
    minimum_age: z.number().int(),
    currencies: z.array(z.object({ code: z.string(), subunits: z.number().int() })),
    default_currency: z.string(),
    country: z.string().nullable(),
  }),
});
export type SignUpOptions = z.infer<typeof signUpOptionsResponseSchema>["data"];

/**
 * `POST /operator/sessions`: a host platform vouches for its signed-in player. The account with this
 * address is used, or opened (confirmed, without a password) when the platform's player is new here.
 */
export const sessionHandoverBodySchema = signUpBodySchema.pick({
  email: true,
  currency: true,
  language: true,
  nickname: true,
});
export type SessionHandoverBody = z.infer<typeof sessionHandoverBodySchema>;

/** The one-time token the platform passes to the frame (`/init-sportsbook?token=`), short-lived. */
export const sessionHandoverResponseSchema = z.object({
  data: z.object({ token: text(), player_id: z.number().int(), expires_at: text() }),
});

/** `POST /player/sign-in`. The password is not checked for strength here, only bounded. */
export const signInBodySchema = z.object({
  email: emailSchema,
  password: text().min(1).max(128),
});

/** Calls that start from an e-mail address: resend confirmation, resend unlock, forgot password. */
export const emailBodySchema = z.object({ email: emailSchema });

/** `POST /player/confirmation`, `POST /player/unlock`. */
export const tokenBodySchema = z.object({ token: linkTokenSchema });

/** `POST /player/password/reset`: the `reset_password_token` of the link and the new password. */
export const resetPasswordBodySchema = z.object({
  reset_password_token: linkTokenSchema,
  password: passwordSchema,
});

/** `PUT /player/password` for a signed-in player. */
export const changePasswordBodySchema = z.object({
  current_password: text().min(1).max(128),
  password: passwordSchema,
});

/** Answer of calls that send an e-mail: the same whether or not the address is known. */
export const acceptedSchema = z.object({ ok: z.literal(true), message: text() });

/** Answer of sign-in: cookies are set; the CSRF token is echoed for the page's script. */
export const signInResponseSchema = z.object({
  data: z.object({
    player_id: z.number().int(),
    csrf_token: text(),
    auth_fields_missed: z.array(text()),
    phone_verification_required: z.boolean(),
  }),
});

/**
 * `POST /player/handover`: the host's one-time token, and where the frame keeps the session. In a
 * cookie by default; `header` where the frame's cookies are not kept (a host on another site without
 * partitioned cookies): the answer then carries the session token, which the frame keeps in its own
 * session storage and sends as `Authorization: Bearer`.
 */
export const handoverBodySchema = tokenBodySchema.extend({
  keep: z.enum(["cookie", "header"]).default("cookie"),
});

/** Answer of the handover: as a sign-in's, with the session token when the frame keeps it itself. */
export const handoverResponseSchema = z.object({
  data: signInResponseSchema.shape.data.extend({ session_token: text().optional() }),
});

/** `PUT /player/profile`: completing the required fields. */
export const profileFieldsBodySchema = z
  .object({
    first_name: text().trim().min(1).max(100),
    last_name: text().trim().min(1).max(100),
    nickname: text().trim().min(1).max(50),
    phone: phoneSchema,
    country_code: text().regex(/^[A-Z]{2}$/),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, "at least one field");

/** Answer of `PUT /player/profile`: the required fields still missing (SPEC §3 `authFieldsMissed`). */
export const profileFieldsResponseSchema = z.object({
  data: z.object({ auth_fields_missed: z.array(text()) }),
});

/** `GET /player/phone-verification`: SPEC §3 phone verification. */
export const phoneVerificationSchema = z.object({
  data: z.object({
    phone: text().nullable(),
    is_verified: z.boolean(),
    /** True when the operator demands verification after sign-in and the phone is not verified. */
    is_required: z.boolean(),
  }),
});
export const phoneCodeBodySchema = z.object({ phone: phoneSchema.optional() });
export const phoneVerifyBodySchema = z.object({ code: text().regex(/^\d{6}$/, "six digits") });

/** SPEC §4 limit types. */
export const limitTypeSchema = z.enum([
  "activity",
  "sportsbook_session",
  "session",
  "bet",
  "time",
  "loss",
  "wager",
  "deposit",
  "reality_check",
  "selfexclusion",
  "coolingoff",
]);
export type LimitType = z.infer<typeof limitTypeSchema>;

/**
 * How each SPEC §4 limit type is measured: money per period (deposit, wager, loss), money per bet,
 * seconds per session or between reality checks, seconds per period (time, activity), or a span of
 * exclusion (self-exclusion, cooling-off).
 */
export type LimitKind = "money_period" | "money_bet" | "duration" | "time_period" | "exclusion";

export const LIMIT_KIND: Record<LimitType, LimitKind> = {
  deposit: "money_period",
  wager: "money_period",
  loss: "money_period",
  bet: "money_bet",
  session: "duration",
  sportsbook_session: "duration",
  reality_check: "duration",
  time: "time_period",
  activity: "time_period",
  selfexclusion: "exclusion",
  coolingoff: "exclusion",
};

/** SPEC §4 limit statuses. */
export const limitStatusSchema = z.enum([
  "active",
  "confirmed",
  "confirmed_disabled",
  "unconfirmed_disabled",
  "unconfirmed",
  "disabled",
]);
export type LimitStatus = z.infer<typeof limitStatusSchema>;

/** Periods of a limit: a rolling day, week or month; exclusions also run for longer. */
export const limitPeriodSchema = z.enum(["day", "week", "month", "quarter", "half_year", "year"]);
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;

/** `POST /player/limits`: sets a limit; stricter applies now, looser after the cooling-off period and a confirmation. */
export const setLimitBodySchema = z.object({
  type: limitTypeSchema,
  /** Minor units for money limits (bet, deposit, loss, wager), seconds for time limits; absent for exclusions. */
  value: z.number().int().positive().max(1e12).optional(),
  period: limitPeriodSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{3,5}$/)
    .optional(),
});
export type SetLimitBody = z.infer<typeof setLimitBodySchema>;

export const limitSchema = z.object({
  id: z.number().int(),
  type: limitTypeSchema,
  status: limitStatusSchema,
  value: z.number().int().nullable(),
  period: limitPeriodSchema.nullable(),
  currency: text().nullable(),
  /** When the limit is in force from (a pending change: the earliest moment it can be). */
  effective_at: text(),
  /** End of a self-exclusion or cooling-off. */
  ends_at: text().nullable(),
  /** A pending change that, once in force, removes the limit. */
  removal: z.boolean(),
  /** Used so far in the current period (minor units or seconds); null when it does not apply. */
  used: z.number().int().nullable(),
  created_at: text(),
});
export type Limit = z.infer<typeof limitSchema>;
export const limitsResponseSchema = z.object({ data: z.array(limitSchema) });
export const limitResponseSchema = z.object({ data: limitSchema });

/** `GET /player/sessions/info` (polled every 30 s, SPEC §9). */
export const sessionsInfoSchema = z.object({
  data: z.object({
    /** The session's net win (positive) or loss on bets, minor units of the player's current currency. */
    net_result: z.object({ value: z.number().int(), currency: text() }),
    started_at: text(),
    duration_seconds: z.number().int(),
    session_limit_seconds: z.number().int().nullable(),
    remaining_seconds: z.number().int().nullable(),
    reality_check: z
      .object({
        interval_seconds: z.number().int(),
        next_at: text(),
        is_due: z.boolean(),
      })
      .nullable(),
  }),
});

/** One signed-in device of the player (`GET /player/sessions`); `id` is public, never the cookie. */
export const deviceSessionSchema = z.object({
  id: text(),
  created_at: text(),
  last_seen_at: text(),
  expires_at: text(),
  user_agent: text().nullable(),
  ip: text().nullable(),
  /** The session of the device asking. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.object({ data: z.array(deviceSessionSchema) });
export const deviceSessionIdSchema = text().regex(/^[0-9a-f]{20}$/, "a session id");
/** `POST /player/sessions/sign-out-others`: how many other sessions were ended. */
export const signedOutOthersSchema = z.object({ data: z.object({ signed_out: z.number().int() }) });

/** `POST /player/activity`: one tick of activity tracking (every 60 s while the page is visible). */
export const activityResponseSchema = z.object({
  data: z.object({
    active_seconds: z.number().int(),
    remaining_seconds: z.number().int().nullable(),
  }),
});

/** A message of the development mailbox (outbox of e-mail and SMS). */
export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  recipient: text(),
  template: text(),
  subject: text(),
  body: text(),
  sent_at: text().nullable(),
  created_at: text(),
});
export const mailboxResponseSchema = z.object({ data: z.array(mailboxMessageSchema) });
