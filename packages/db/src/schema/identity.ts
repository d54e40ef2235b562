import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { limits, players } from "./players.js";

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const playerRef = () =>
  bigint("player_id", { mode: "number" })
    .notNull()
    .references(() => players.id, { onDelete: "cascade" });

/**
 * One-time secrets sent to a player: e-mail confirmation, unlock and password-reset links, SMS codes.
 * Only the SHA-256 of the secret is kept; `used_at` makes each one single use.
 */
export const playerTokens = pgTable(
  "player_tokens",
  {
    id: id(),
    playerId: playerRef(),
    /** `confirm_email`, `unlock`, `reset_password`, `phone_code` or `session_handover`. */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Where the secret was sent (the phone number of an SMS code). */
    target: text("target"),
    /** Wrong guesses so far (SMS codes are short, so guesses are counted). */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("player_tokens_hash_key").on(t.purpose, t.tokenHash),
    index("player_tokens_player_idx").on(t.playerId, t.purpose),
  ],
);

/** Security state of a player's credentials: consecutive sign-in failures and the lock they cause. */
export const playerSecurity = pgTable("player_security", {
  playerId: bigint("player_id", { mode: "number" })
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Affiliate and tracked tags (SPEC §2: ctag, btag, stag, qtag, gclid) kept with the player. */
export const playerTags = pgTable("player_tags", {
  playerId: bigint("player_id", { mode: "number" })
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  ctag: text("ctag"),
  btag: text("btag"),
  stag: text("stag"),
  qtag: text("qtag"),
  gclid: text("gclid"),
  /** Where the player signed up from (the operator's proxy header), for audits. */
  signUpCountry: text("sign_up_country"),
  signUpIp: text("sign_up_ip"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in and mail-sending attempts, counted per IP and per subject (normalised e-mail) for rate
 * limits. Kept in the database so every API node sees the same counts.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: id(),
    /** `sign_in`, `sign_up`, `mail` (confirmation, unlock, reset requests) or `phone_code`. */
    action: text("action").notNull(),
    ip: text("ip").notNull(),
    subject: text("subject").notNull(),
    success: boolean("success").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_attempts_ip_idx").on(t.action, t.ip, t.createdAt),
    index("auth_attempts_subject_idx").on(t.action, t.subject, t.createdAt),
  ],
);

/**
 * Outgoing e-mail and SMS, written in the transaction that causes them. A dispatcher delivers
 * them (SMTP when configured); the development mailbox reads them from here.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    /** `email` or `sms`. */
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    /** What the message is: `confirm_email`, `unlock`, `reset_password`, `phone_code`, `sign_up_attempt` … */
    template: text("template").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    playerId: bigint("player_id", { mode: "number" }).references(() => players.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_pending_idx").on(t.sentAt, t.id),
    index("outbox_recipient_idx").on(t.recipient, t.id),
  ],
);

/**
 * Time a player spends in the sportsbook, one row per activity-tracking call (SPEC §9, every 60 s):
 * the base of activity, time and sportsbook-session limits.
 */
export const playerActivity = pgTable(
  "player_activity",
  {
    id: id(),
    playerId: playerRef(),
    /** The session the time was spent in (hash of its token, as in `sessions`). */
    sessionHash: text("session_hash").notNull(),
    seconds: integer("seconds").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("player_activity_player_idx").on(t.playerId, t.createdAt),
    index("player_activity_session_idx").on(t.sessionHash),
  ],
);

/** Reality-check acknowledgements: when the player last chose to continue a session. */
export const sessionChecks = pgTable("session_checks", {
  sessionHash: text("session_hash").primaryKey(),
  playerId: playerRef(),
  continuedAt: timestamp("continued_at", { withTimezone: true }).notNull(),
});

/**
 * Terms of a responsible-gambling limit row beyond type, status, value and period: the currency of
 * a money limit and when a pending change takes effect.
 */
export const limitTerms = pgTable("limit_terms", {
  limitId: bigint("limit_id", { mode: "number" })
    .primaryKey()
    .references(() => limits.id, { onDelete: "cascade" }),
  currency: text("currency"),
  /** When the row is (or was) in force from; a pending increase is in force only after it and after confirmation. */
  effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The row this one replaces, for an increase or removal waiting for its cooling-off period. */
  replacesId: bigint("replaces_id", { mode: "number" }),
  /** True for a pending removal: once in force, the limit is gone. */
  removal: boolean("removal").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
