import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A player. Sign-up/sign-in fill the credential columns; `status` blocks a player without deleting them. */
export const players = pgTable(
  "players",
  {
    id: id(),
    email: text("email"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    passwordHash: text("password_hash"),
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    nickname: text("nickname"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    language: text("language").notNull().default("en"),
    /** The currency the player currently plays in; an account in it exists. */
    currency: text("currency").notNull(),
    countryCode: text("country_code"),
    /**
     * Declared at sign-up and checked against the operator's minimum age; none for a player a host
     * platform handed over (the platform checked it) or one older than the rule.
     */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /** `active` or `blocked`; a blocked player is treated as signed out. */
    status: text("status").notNull().default("active"),
    /** Platform status ids (SPEC §3 `statuses`), e.g. `spi_test`. */
    statusIds: text("status_ids").array().notNull().default(sql`'{}'::text[]`),
    isDemo: boolean("is_demo").notNull().default(false),
    isVip: boolean("is_vip").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("players_email_key").on(sql`lower(${t.email})`)],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_player_idx").on(t.playerId)],
);

/** Per-player settings document (SPEC §3 "User settings"), validated by the API on write. */
export const playerSettings = pgTable("player_settings", {
  playerId: bigint("player_id", { mode: "number" })
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  document: jsonb("document").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** System and site settings documents, editable without a redeploy. `scope` is `system` or `site`. */
export const settings = pgTable("settings", {
  scope: text("scope").primaryKey(),
  document: jsonb("document").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Favourites of a player: `type` is `match`, `tournament`, `category` or `sport`; `target_id` its id. */
export const favourites = pgTable(
  "favourites",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.type, t.targetId] })],
);

/** In-app notifications of SPEC §3. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    caption: text("caption"),
    type: text("type").notNull(),
    objectType: text("object_type"),
    objectId: text("object_id"),
    /** What the browser needs to word the notification in the player's language. */
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_player_idx").on(t.playerId, t.createdAt)],
);

/** Prediction votes (SPEC §7 `/vote`): one vote per player and prediction. */
export const votes = pgTable(
  "votes",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    predictionId: text("prediction_id").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.predictionId] })],
);

/** Responsible-gambling limits (SPEC §4 limit types and statuses). */
export const limits = pgTable(
  "limits",
  {
    id: id(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    status: text("status").notNull(),
    /** Amount in minor units or seconds, depending on `type`. */
    value: bigint("value", { mode: "number" }),
    periodSeconds: bigint("period_seconds", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("limits_player_idx").on(t.playerId)],
);

/**
 * A browser's Web Push subscription of a player (SPEC §1 push notifications): where the browser's
 * push service takes messages for it and the keys they are encrypted to. One row per endpoint: a
 * browser that subscribes again under another player moves the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url (the subscription's `keys.p256dh`). */
    p256dh: text("p256dh").notNull(),
    /** The browser's authentication secret, base64url (`keys.auth`). */
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_player_idx").on(t.playerId),
  ],
);
