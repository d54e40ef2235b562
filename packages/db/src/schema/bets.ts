import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players.js";
import { accounts } from "./wallet.js";

/** The bonus a bet was placed with, as the placement wrote it into `bets.bonus`. */
export interface BetBonusRecord {
  /** The bonus definition. */
  id: number;
  /** Its kind: a freebet kind, `comboboost`, `hunting`, `tournament` or `lootbox`. */
  type: string;
  /** A comboboost's odds × 1000, paid when every leg wins in full. */
  odds: number | null;
  /** The player's copy whose use the bet spent. */
  player_bonus_id: number;
  /** Settlement gave the freebet back (a void bet): its use is returned to the player. */
  freebet_returned?: boolean;
  /** Hunting, tournaments and lootboxes: the points the bet farmed and its events. */
  points?: number;
  event_ids?: string[];
  /** A cancelled bet's farmed points were taken back from the player's copy. */
  points_returned?: boolean;
}

/**
 * Placed bets. `type` is single, combo, system or custom_bet; `status` and `result` are the SPEC §4
 * bet status and result. Money is minor units of `currency`; `odds` are total odds × 1000 (for a
 * system bet, the odds of all its combinations together).
 */
export const bets = pgTable(
  "bets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Short public reference shown to the player and used in share links. */
    ref: text("ref").notNull(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    type: text("type").notNull(),
    status: text("status").notNull(),
    result: text("result").notNull().default("no_results"),
    currency: text("currency").notNull(),
    stake: bigint("stake", { mode: "number" }).notNull(),
    /** Stake still in play after partial cashouts. */
    activeStake: bigint("active_stake", { mode: "number" }).notNull(),
    odds: integer("odds").notNull(),
    potentialWin: bigint("potential_win", { mode: "number" }).notNull(),
    winAmount: bigint("win_amount", { mode: "number" }),
    cashedOutAmount: bigint("cashed_out_amount", { mode: "number" }).notNull().default(0),
    systemWinCount: smallint("system_win_count"),
    systemTotalCount: smallint("system_total_count"),
    customOdds: integer("custom_odds"),
    bonus: jsonb("bonus").$type<BetBonusRecord>(),
    isVip: boolean("is_vip").notNull().default(false),
    quick: boolean("quick").notNull().default(false),
    deviceId: text("device_id"),
    /** Where the bet was placed: `direct` (the site itself) or `embedded` (in a host's frame). */
    channel: text("channel").notNull().default("direct"),
    /** The odds-change policy in force when the bet was accepted: none, higher or any. */
    oddsAcceptMode: text("odds_accept_mode").notNull(),
    /** SPEC §4 payout status: initial, approved, declined, paid. */
    payoutStatus: text("payout_status").notNull().default("initial"),
    usedInJackpot: boolean("used_in_jackpot").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bets_ref_key").on(t.ref),
    index("bets_player_idx").on(t.playerId, t.createdAt),
    // No index on status: bets are found by player or through their selections' match, and an
    // indexed status would make every settlement update write index entries (no HOT update).
  ],
);

/**
 * The selections of a bet with the odds accepted at placement. `status` is open, won, lost, void,
 * half_won, half_lost; `result`/factors copy the provider settlement (factors × 1000).
 */
export const betSelections = pgTable(
  "bet_selections",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    betId: bigint("bet_id", { mode: "number" })
      .notNull()
      .references(() => bets.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    // No foreign keys to the catalogue: a popular match's rows would take a share lock from every
    // bet on it (multixacts on the rows the feed updates most). Catalogue rows are never deleted,
    // and placement reads them in the same request.
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    marketRowId: bigint("market_row_id", { mode: "number" }).notNull(),
    marketId: integer("market_id").notNull(),
    specifier: text("specifier").notNull().default(""),
    outcomeId: text("outcome_id").notNull(),
    odds: integer("odds").notNull(),
    status: text("status").notNull().default("open"),
    result: smallint("result"),
    voidFactor: integer("void_factor"),
    deadHeatFactor: integer("dead_heat_factor"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("bet_selections_bet_idx").on(t.betId),
    index("bet_selections_market_idx").on(t.matchId, t.marketId, t.specifier),
  ],
);

/** Shared bet-slip codes (SPEC §7 `/bets/share-code`). */
export const shareCodes = pgTable("share_codes", {
  code: text("code").primaryKey(),
  playerId: bigint("player_id", { mode: "number" }).references(() => players.id, { onDelete: "set null" }),
  bets: jsonb("bets").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Client idempotency keys: the first answer to (player, scope, key) is stored in the same transaction
 * as its effect and replayed for a retry; `request_hash` refuses the same key with another body.
 * Housekeeping deletes keys a day old (by `created_at`), so a key is honoured for 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.scope, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * Append-only record of every wager and its state changes (placed, cashed out, settled …).
 * A trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    playerId: bigint("player_id", { mode: "number" }),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entityType, t.entityId)],
);
