import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "./backoffice.js";

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

/** One outcome's result as the settlement desk or the feed decided it. */
export interface OutcomeResultRecord {
  outcome_id: string;
  /** a settled selection status: `won`, `lost`, `void`, `half_won`, `half_lost` */
  result: string;
  dead_heat_factor?: number | null;
}

/**
 * A market (or one outcome of it) settled or voided by hand at the settlement desk. While it is not
 * released, the feed's settlements of that market are held back as conflicts for a trader to decide.
 */
export const handSettlements = pgTable(
  "hand_settlements",
  {
    id: id(),
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    marketRowId: bigint("market_row_id", { mode: "number" }).notNull(),
    /** One outcome's settlement; none for the whole market. */
    outcomeId: text("outcome_id"),
    /** `settle` or `void`. */
    action: text("action").notNull(),
    results: jsonb("results").$type<OutcomeResultRecord[]>().notNull(),
    reason: text("reason").notNull(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a trader accepted the feed's own settlement instead; the feed settles the market again. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    index("hand_settlements_market_idx").on(t.marketRowId).where(sql`${t.releasedAt} is null`),
    index("hand_settlements_match_idx").on(t.matchId),
  ],
);

/** What a held-back feed message said of one market: its outcomes' results, or a cancel's window. */
export interface FeedSettlementRecord {
  outcomes?: OutcomeResultRecord[];
  start_time?: number;
  end_time?: number;
}

/**
 * A feed settlement (or cancel, or rollback) of a market settled by hand, kept instead of applied:
 * a trader accepts it (the feed's word then stands) or rejects it (the desk's stays).
 */
export const settlementConflicts = pgTable(
  "settlement_conflicts",
  {
    id: id(),
    matchId: bigint("match_id", { mode: "number" }).notNull(),
    marketRowId: bigint("market_row_id", { mode: "number" }).notNull(),
    /** The feed message's kind: `bet_settlement`, `bet_cancel`, `rollback_bet_settlement`, `rollback_bet_cancel`. */
    kind: text("kind").notNull(),
    feed: jsonb("feed").$type<FeedSettlementRecord>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** `open`, `accepted` or `rejected`. */
    status: text("status").notNull().default("open"),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staff.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("settlement_conflicts_open_idx").on(t.receivedAt).where(sql`${t.status} = 'open'`)],
);
