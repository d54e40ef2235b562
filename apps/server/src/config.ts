import { DEMO_EMAIL, type IdentityOptions } from "@sportsbook/api";
import { passwordSchema, profileFieldSchema } from "@sportsbook/contracts";
import { DEFAULT_POOL_SIZE, HOUSE_SHARDS } from "@sportsbook/db";
import { z } from "zod";
import { feedProviderIssues } from "./feed-provider.js";
import { trustProxySchema } from "./trust-proxy.js";

/** Comma-separated origins (scheme, host, port; nothing wider) with the schemes given. */
const originList = (schemes: RegExp) =>
  z
    .string()
    .default("")
    .refine(
      (value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter((entry) => entry !== "")
          .every((entry) => schemes.test(entry) && URL.canParse(entry) && new URL(entry).origin === entry),
      "comma-separated origins such as https://cdn.example (scheme, host and port only)",
    );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Prefix of the realtime gateway's Redis keys and channels, so deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, "1–64 letters, digits, dots, colons, dashes or underscores")
    .optional(),
  AMQP_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  /** HTTP SMS gateway for phone verification codes; without it SMS stay in the outbox (dev mailbox). */
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How SMS_URL is spoken to: `json` ({to, text, from} → {id}) or `twilio` (Messages API form post). */
  SMS_FORMAT: z.enum(["json", "twilio"]).default("json"),
  /** Sender id or number of SMS (required with SMS_FORMAT=twilio). */
  SMS_FROM: z.string().min(1).max(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** HS256 secret of realtime connection and subscription tokens (API issues, gateway verifies); default: generated once into DATA_DIR. Set it when several nodes share the work. */
  REALTIME_TOKEN_SECRET: z.string().min(32).optional(),
  /** Serve the Next.js pages on every path no other route claims ("off" for API-only processes). */
  SERVE_PAGES: z.enum(["on", "off"]).default("on"),
  /** The operator's site settings document (layout, locales, head, custom pages); default DATA_DIR/site-settings.json. */
  SITE_SETTINGS_FILE: z.string().min(1).optional(),
  /**
   * Publish every later change of the settings file as a new version of the site's content (the
   * file is otherwise only the first start's import, and the back office's Content desk edits it).
   */
  SITE_SETTINGS_WATCH: z.enum(["on", "off"]).default("off"),
  /** Wait before a bet with live selections is accepted; odds and status are checked again after it. */
  LIVE_BET_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Demo sign-in and demo payment provider; on by default with the embedded database, off with DATABASE_URL. */
  DEMO_MODE: z.enum(["on", "off"]).optional(),
  /**
   * A demo player with a funded balance, its credentials printed at start-up: on by default with the
   * embedded database unless NODE_ENV=production, off otherwise.
   */
  DEMO_PLAYER: z.enum(["on", "off"]).optional(),
  /** A demo back-office admin, its credentials and TOTP secret printed at start-up; never under NODE_ENV=production. */
  DEMO_ADMIN: z.enum(["on", "off"]).optional(),
  /** The demo admin's password; default: generated once into DATA_DIR. */
  DEMO_ADMIN_PASSWORD: passwordSchema.optional(),
  /** The demo player's sign-in address. */
  DEMO_PLAYER_EMAIL: z.email().max(254).default(DEMO_EMAIL),
  /** The demo player's password; default: generated once into DATA_DIR. Set it when several nodes share the database. */
  DEMO_PLAYER_PASSWORD: passwordSchema.optional(),
  /**
   * The sandbox checkout (a test payment provider served under /psp that charges no card): on by
   * default with the embedded database outside production, off otherwise.
   */
  SANDBOX_PAYMENTS: z.enum(["on", "off"]).optional(),
  /**
   * The sandbox game provider of the additional products (horse racing, lotto, premium cricket; pages
   * under /sandbox-games, no stakes): on by default with the embedded database outside production.
   */
  SANDBOX_GAMES: z.enum(["on", "off"]).optional(),
  /**
   * The host demo: a small casino platform on its own port that embeds the sportsbook in a frame.
   * On by default with the embedded database outside production, off otherwise.
   */
  HOST_DEMO: z.enum(["on", "off"]).optional(),
  /** The host demo's port; default PORT + 1. */
  HOST_DEMO_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Session cookies for a host platform on another site: `SameSite=None; Secure; Partitioned`, so the
   * frame keeps its player signed in where browsers block third-party cookies. Needs HTTPS (or localhost).
   */
  FRAME_COOKIES: z.enum(["on", "off"]).default("off"),
  /** The operator's bonus definitions to write at start-up (format: docs/bonuses.md); default DATA_DIR/bonuses.json, else the demo set in demo mode. */
  BONUSES_FILE: z.string().min(1).optional(),
  /** HMAC secret of payment provider callbacks; default: generated once into DATA_DIR. */
  PAYMENT_CALLBACK_SECRET: z.string().min(32).optional(),
  /** Minutes a deposit's checkout stays open before the deposit expires. */
  CHECKOUT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Key of the operator's calls under /api/operator (withdrawal review), sent as `X-Operator-Key`. */
  OPERATOR_API_KEY: z.string().min(32).max(200).optional(),
  /** Back-office balance adjustments above this many minor units (either sign) need a second staff member's approval. */
  ADJUSTMENT_APPROVAL_MINOR: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(100_00),
  /** Sign-ups allowed from one IP address within an hour (an operator behind a shared address raises it). */
  SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** `production` turns the demo player off unless DEMO_PLAYER=on. */
  NODE_ENV: z.string().optional(),
  /**
   * The proxies in front whose X-Forwarded-* headers are believed (client address for rate limits,
   * TLS for Secure cookies and HSTS): `off`, a hop count, or addresses/CIDRs.
   */
  TRUST_PROXY: trustProxySchema,
  /** The API reference `/api/docs` and `/api/openapi.json`: on by default unless NODE_ENV=production. */
  API_DOCS: z.enum(["on", "off"]).optional(),
  /** Image hosts of the pages beyond this origin and the site settings' own (bonus banners on a CDN). */
  CSP_IMG_ORIGINS: originList(/^https?:/),
  /** Hosts the pages may frame beyond this origin and the site settings' own (stream providers). */
  CSP_FRAME_ORIGINS: originList(/^https?:/),
  /** Hosts the pages may connect to beyond this origin (a realtime or API host of their own). */
  CSP_CONNECT_ORIGINS: originList(/^(https?|wss?):/),
  /** Connections in the PostgreSQL pool (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
  /** Run the odds feed (simulator → transport → ingest → settlement). */
  FEED_ENABLED: z.enum(["on", "off", "true", "false", "1", "0"]).default("on"),
  /** Seed of the feed simulator: the same seed gives the same feed. */
  FEED_SEED: z.string().min(1).max(100).default("sportsbook"),
  /** Simulated seconds per real second (1 = real time). */
  FEED_SPEED: z.coerce.number().positive().max(3600).default(1),
  /** Matches the simulator schedules at start, half of them live; each kick-off schedules the next. */
  FEED_MATCHES: z.coerce.number().int().min(1).max(20_000).default(40),
  /** Bookmaker margin of simulated prices (0.05 = 5 % overround). */
  FEED_MARGIN: z.coerce.number().min(0).max(0.5).default(0.05),
  /**
   * Silence, ms, after which a live producer's prices are stale on every node: its live selections
   * are refused as suspended, and its markets suspended until it recovers. Keep it above the
   * provider's alive interval (the simulator sends one at least every real second).
   */
  FEED_STALE_LIVE_MS: z.coerce.number().int().min(2_000).max(600_000).default(5_000),
  /** The same for prematch producers, whose messages come less often. */
  FEED_STALE_PREMATCH_MS: z.coerce.number().int().min(2_000).max(3_600_000).default(30_000),
  /** Per producer thresholds over those, e.g. `betradar/1=8000,oddin/2=4000`. */
  FEED_STALE_PRODUCERS: z
    .string()
    .regex(
      /^((betradar|oddin|betconstruct)\/\d+=\d+(,(betradar|oddin|betconstruct)\/\d+=\d+)*)?$/,
      "comma-separated provider/producer=ms, e.g. betradar/1=8000,oddin/2=4000",
    )
    .refine(
      (v) => v.split(",").every((e) => e === "" || Number(e.split("=")[1]) >= 2_000),
      "each threshold at least 2000 ms",
    )
    .default(""),
  /** How often a node running the feed tries for its lead while another holds it, ms. */
  FEED_LEADER_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** This node's name in the feed's leadership and readiness; default host name and process id. */
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,50}$/, "1–50 letters, digits, dots, colons, dashes or underscores")
    .optional(),
  /** Matches the feed ingest applies concurrently; worth raising with PostgreSQL (DATABASE_URL). */
  FEED_INGEST_LANES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Lanes of the bet placement's group commit, each with one transaction in flight (the API's
   * default: 4 on PostgreSQL, 1 on PGlite); a player's bets keep one lane, chosen by house shard.
   */
  PLACEMENT_LANES: z.coerce
    .number()
    .int()
    .min(1)
    .refine((n) => HOUSE_SHARDS % n === 0, `must divide ${HOUSE_SHARDS} (1, 2, 4, 8, …)`)
    .optional(),
  /** Record every feed frame to this file (replayable with the feed's replay). */
  FEED_RECORD: z.string().min(1).optional(),
  /** Public channels (one per language) that carry provider status changes, comma separated. */
  FEED_PUBLIC_LOCALES: z
    .string()
    .regex(/^[a-z]{2,3}(,[a-z]{2,3})*$/, "comma-separated language codes, e.g. en,de,pt")
    .default("en,de,es,fr,it,pt,ru,tr,ar,he"),
  /** Sender of account e-mails (confirmation, unlock, password reset). */
  MAIL_FROM: z.string().min(3).max(200).default("Sportsbook <no-reply@sportsbook.local>"),
  /** The development mailbox page /api/dev/mailbox; on by default with the embedded database, off with DATABASE_URL. */
  DEV_MAILBOX: z.enum(["on", "off"]).optional(),
  /** Lets another machine read the dev mailbox with the header `X-Operator-Key` (≥ 32 characters). */
  DEV_MAILBOX_KEY: z.string().min(32).max(200).optional(),
  /** Countries (ISO alpha-2, comma separated) where sign-in and sign-up are refused. */
  BLOCKED_COUNTRIES: z
    .string()
    .regex(/^([A-Za-z]{2}(,[A-Za-z]{2})*)?$/, "comma-separated country codes, e.g. US,FR")
    .default(""),
  /** Least age, in whole years, to open an account (sign-up's date of birth is checked against it). */
  MINIMUM_AGE: z.coerce.number().int().min(16).max(25).default(18),
  /** Header the operator's proxy sets to the visitor's country code. */
  COUNTRY_HEADER: z.string().min(1).max(100).default("x-country-code"),
  /** Demand phone verification (SMS code) after sign-in. */
  REQUIRE_PHONE_VERIFICATION: z.enum(["on", "off"]).default("off"),
  /** Profile fields a player must fill in, comma separated (first_name, last_name, nickname, phone, country_code). */
  REQUIRED_PROFILE_FIELDS: z
    .string()
    .regex(
      /^(((first_name|last_name|nickname|phone|country_code),)*(first_name|last_name|nickname|phone|country_code))?$/,
      "comma-separated fields among first_name, last_name, nickname, phone, country_code",
    )
    .default(""),
  /** Pass interval of the pruning of old rate-limit attempts, dead tokens, ended sessions and activity ticks; 0 turns it off on this node. */
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(3600),
  /** Run the scheduled jobs on this node: housekeeping passes and mail delivery, one node at a time by a lock. */
  JOBS_ENABLED: z.enum(["on", "off"]).default("on"),
  /**
   * How long a stopping node answers readiness 503 while still serving, before it closes its
   * sockets: above the load balancer's health-check interval × its failure count.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Wait before a looser responsible-gambling limit can take effect (it also needs the player's confirmation). */
  LIMIT_INCREASE_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(90 * 86_400)
    .default(86_400),
  /** Where the odds come from: the built-in simulator, or a UOF provider's own feed and API. */
  FEED_PROVIDER: z.enum(["simulator", "betradar", "oddin", "betconstruct"]).default("simulator"),
  /** The provider's access token (its API's `x-access-token` and its broker's user name). */
  FEED_PROVIDER_TOKEN: z.string().min(8).max(200).optional(),
  /** The provider's environment; `FEED_PROVIDER_AMQP_URL` with `FEED_PROVIDER_API_URL` name a private one instead. */
  FEED_PROVIDER_ENVIRONMENT: z.enum(["integration", "production", "replay"]).default("integration"),
  FEED_PROVIDER_AMQP_URL: z.url({ protocol: /^amqps?$/ }).optional(),
  FEED_PROVIDER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** BetConstruct's Swarm WebSocket endpoint and the operator's site id (FEED_PROVIDER=betconstruct). */
  FEED_PROVIDER_SWARM_URL: z.url({ protocol: /^wss?$/ }).optional(),
  FEED_PROVIDER_SITE_ID: z.coerce.number().int().min(1).optional(),
  /** This node's id in recovery requests (UOF's node_id), so each node hears its own recoveries. */
  FEED_NODE_ID: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** The Web Push VAPID public key (uncompressed P-256, base64url); default: generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "an uncompressed P-256 public key, base64url (87 characters)")
    .optional(),
  /** Its private key (32 bytes, base64url); set both or neither. */
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key, base64url (43 characters)")
    .optional(),
  /** The operator's contact the push services see (`mailto:` or `https:`); default: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .max(200)
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "a mailto: address or an https: URL")
    .optional(),
  /** Accept plain http push endpoints on this machine: a local push service stand-in, for tests only. */
  PUSH_LOOPBACK_HTTP: z.enum(["on", "off"]).default("off"),
});

const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.SMS_URL && env.SMS_FORMAT === "twilio" && !env.SMS_FROM) {
    ctx.addIssue({ code: "custom", path: ["SMS_FROM"], message: "required with SMS_FORMAT=twilio" });
  }
  for (const issue of feedProviderIssues(env)) ctx.addIssue({ code: "custom", ...issue });
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
      message: "set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together",
    });
  }
});

export type ServerConfig = z.infer<typeof envSchema>;

/** Reads the environment; every bad value is reported by name so an operator can fix it in one go. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The account, mail and responsible-gambling options of the API, from the environment. */
export function identityOptions(config: ServerConfig): IdentityOptions {
  const list = (value: string) => value.split(",").filter((v) => v !== "");
  return {
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    mailFrom: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    devMailbox: devConveniences(config).devMailbox,
    devMailboxKey: config.DEV_MAILBOX_KEY,
    blockedCountries: list(config.BLOCKED_COUNTRIES),
    countryHeader: config.COUNTRY_HEADER,
    minimumAge: config.MINIMUM_AGE,
    requirePhoneVerification: config.REQUIRE_PHONE_VERIFICATION === "on",
    requiredFields: profileFieldSchema.array().parse(list(config.REQUIRED_PROFILE_FIELDS)),
    limitIncreaseDelaySeconds: config.LIMIT_INCREASE_DELAY_SECONDS,
    signUpsPerIp: config.SIGN_UPS_PER_IP_PER_HOUR,
    smsUrl: config.SMS_URL,
    smsFormat: config.SMS_FORMAT,
    smsFrom: config.SMS_FROM,
  };
}

/** The development conveniences and whether each is on. */
export interface DevConveniences {
  devMailbox: boolean;
  /** The demo sign-in and the instant demo payment provider. */
  demoMode: boolean;
  /** Start-up ensures the demo player and prints its credentials. */
  demoPlayer: boolean;
  /** Start-up ensures the demo back-office admin and prints its credentials. */
  demoAdmin: boolean;
  /** The sandbox checkout: deposits completed on a test page that charges nothing. */
  sandboxPayments: boolean;
  /** The sandbox game provider of the additional products. */
  sandboxGames: boolean;
  /** The host demo platform on its own port. */
  hostDemo: boolean;
}

/**
 * Each convenience is on only when named on, or by default with the embedded database outside
 * production: with NODE_ENV=production they are off whatever the database, so a production node
 * never offers free money or another player's reset links.
 */
export function devConveniences(config: ServerConfig): DevConveniences {
  const byDefault = !config.DATABASE_URL && config.NODE_ENV !== "production";
  const on = (value: "on" | "off" | undefined) => (value ?? (byDefault ? "on" : "off")) === "on";
  return {
    devMailbox: on(config.DEV_MAILBOX),
    demoMode: on(config.DEMO_MODE),
    demoPlayer: on(config.DEMO_PLAYER),
    // Production never has a default staff account, whatever is named on.
    demoAdmin: config.NODE_ENV !== "production" && on(config.DEMO_ADMIN),
    sandboxPayments: on(config.SANDBOX_PAYMENTS),
    sandboxGames: on(config.SANDBOX_GAMES),
    hostDemo: on(config.HOST_DEMO),
  };
}

/** Whether the API reference is served: named on or off, else on outside production. */
export function apiDocsOn(config: ServerConfig): boolean {
  return (config.API_DOCS ?? (config.NODE_ENV === "production" ? "off" : "on")) === "on";
}

/** Conveniences named on for a production node: start-up warns about each. */
export function productionWarnings(config: ServerConfig): string[] {
  if (config.NODE_ENV !== "production") return [];
  const named: [string, "on" | "off" | undefined][] = [
    ["DEV_MAILBOX", config.DEV_MAILBOX],
    ["DEMO_MODE", config.DEMO_MODE],
    ["DEMO_PLAYER", config.DEMO_PLAYER],
    ["SANDBOX_PAYMENTS", config.SANDBOX_PAYMENTS],
    ["SANDBOX_GAMES", config.SANDBOX_GAMES],
    ["HOST_DEMO", config.HOST_DEMO],
    ["PUSH_LOOPBACK_HTTP", config.PUSH_LOOPBACK_HTTP],
  ];
  return named
    .filter(([, value]) => value === "on")
    .map(([name]) => `${name}=on with NODE_ENV=production: a development convenience is open to the public`);
}

/** The contact the push services see: VAPID_SUBJECT, else MAIL_FROM's address. */
export function vapidSubject(config: ServerConfig): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/** The feed's staleness thresholds, from the environment. */
export function staleThresholds(config: ServerConfig): {
  live: number;
  prematch: number;
  producers: Record<string, number>;
} {
  const producers: Record<string, number> = {};
  for (const entry of config.FEED_STALE_PRODUCERS.split(",").filter((e) => e !== "")) {
    const [key, ms] = entry.split("=");
    if (key && ms) producers[key] = Number(ms);
  }
  return { live: config.FEED_STALE_LIVE_MS, prematch: config.FEED_STALE_PREMATCH_MS, producers };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
