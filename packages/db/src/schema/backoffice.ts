import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const staffRef = (name: string) => bigint(name, { mode: "number" }).references(() => staff.id);

/**
 * The operator's people, apart from players: their own credentials, TOTP second factor and role.
 * An invited member has no password until the invitation is accepted.
 */
export const staff = pgTable("staff", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  /** The RFC 6238 shared secret (base32); set when invited, shown once on acceptance. */
  totpSecret: text("totp_secret").notNull(),
  /** `admin`, `trader`, `support`, `finance`, `auditor` or `marketing` (contracts' `STAFF_ROLES`). */
  role: text("role").notNull(),
  /** `invited`, `active` or `disabled`. */
  status: text("status").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  /** The last TOTP time step accepted, so a code is used once. */
  lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  isDemo: boolean("is_demo").notNull().default(false),
  invitedBy: bigint("invited_by", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's signed-in session; only the SHA-256 of the cookie token is kept. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    csrfToken: text("csrf_token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Invitation links (single use, SHA-256 of the secret kept). */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: id(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_invitations_hash_key").on(t.tokenHash)],
);

/**
 * Every staff action: who, when, from which address, what, before → after. Written in the action's
 * transaction; a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: id(),
    /** None for the one-time command that invites the first admin. */
    staffId: staffRef("staff_id"),
    staffEmail: text("staff_email").notNull(),
    ip: text("ip").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_audit_created_idx").on(t.createdAt),
    index("staff_audit_target_idx").on(t.targetType, t.targetId),
  ],
);

/**
 * A trader's suspension of a match, a market or one outcome. It holds until lifted, whatever the
 * feed says; placement refuses bets under it and the feed's odds write keeps it on the market.
 */
export const tradingSuspensions = pgTable(
  "trading_suspensions",
  {
    id: id(),
    /** `match`, `market` or `outcome`. */
    scope: text("scope").notNull(),
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    /** The `markets` row (market and outcome scope). */
    marketRowId: bigint("market_row_id", { mode: "number" }),
    /** The outcome's id within its market (outcome scope). */
    outcomeId: text("outcome_id"),
    reason: text("reason").notNull(),
    staffId: staffRef("staff_id").notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: staffRef("lifted_by"),
  },
  (t) => [
    uniqueIndex("trading_suspensions_active_key")
      .on(t.scope, t.matchId, sql`coalesce(${t.marketRowId}, 0)`, sql`coalesce(${t.outcomeId}, '')`)
      .where(sql`${t.liftedAt} is null`),
    index("trading_suspensions_match_idx").on(t.matchId).where(sql`${t.liftedAt} is null`),
  ],
);
