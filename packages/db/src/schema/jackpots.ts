import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bets } from "./bets.js";
import { players } from "./players.js";

/**
 * Must-drop jackpots as the operator defines them (SPEC §3 jackpot), kept by the operator's `key`.
 * Qualifying bets in `currency` put `contribution_bp` basis points of their stake into the levels.
 */
export const jackpots = pgTable(
  "jackpots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    /** Texts per locale: `{ en: "…", de: "…" }`. */
    name: jsonb("name").$type<Record<string, string>>().notNull(),
    /** `enabled` or `disabled` (no bet contributes; it is not shown). */
    status: text("status").notNull().default("enabled"),
    currency: text("currency").notNull(),
    contributionBp: integer("contribution_bp").notNull(),
    /** Smallest stake that plays, in minor units of `currency`. */
    minStake: bigint("min_stake", { mode: "number" }).notNull().default(0),
    /** Smallest total odds that play, × 1000. */
    minOdds: integer("min_odds").notNull().default(1000),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("jackpots_key_key").on(t.key)],
);

/** A level of a jackpot: its pool, the amount it drops at, and its SPEC §4 state. */
export const jackpotLevels = pgTable(
  "jackpot_levels",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    jackpotId: bigint("jackpot_id", { mode: "number" })
      .notNull()
      .references(() => jackpots.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: jsonb("name").$type<Record<string, string>>().notNull(),
    position: smallint("position").notNull(),
    state: text("state").notNull().default("active"),
    shareBp: integer("share_bp").notNull(),
    seedAmount: bigint("seed_amount", { mode: "number" }).notNull(),
    dropAt: bigint("drop_at", { mode: "number" }).notNull(),
    poolAmount: bigint("pool_amount", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("jackpot_levels_jackpot_code_key").on(t.jackpotId, t.code)],
);

/** A level's pool won by a bet (SPEC §3 jackpot hit); `status` is approved, paid or declined. */
export const jackpotHits = pgTable(
  "jackpot_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    jackpotId: bigint("jackpot_id", { mode: "number" })
      .notNull()
      .references(() => jackpots.id, { onDelete: "cascade" }),
    levelId: bigint("level_id", { mode: "number" })
      .notNull()
      .references(() => jackpotLevels.id, { onDelete: "cascade" }),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    betId: bigint("bet_id", { mode: "number" })
      .notNull()
      .references(() => bets.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("jackpot_hits_jackpot_idx").on(t.jackpotId, t.createdAt),
    index("jackpot_hits_player_idx").on(t.playerId),
  ],
);
