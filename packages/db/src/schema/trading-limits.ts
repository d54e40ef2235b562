import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { staff } from "./backoffice.js";
import { sports, tournaments } from "./catalogue.js";

/**
 * A trader's limits on one market kind (the provider's market type id, shared by every match): the
 * largest stake and the largest payout of a bet with a leg on it, in major units of the bet's
 * currency (like the book's payout cap), so one figure holds in every currency. None: no limit.
 */
export const marketKindLimits = pgTable(
  "market_kind_limits",
  {
    marketId: integer("market_id").primaryKey(),
    maxStakeMajor: bigint("max_stake_major", { mode: "number" }),
    maxPayoutMajor: bigint("max_payout_major", { mode: "number" }),
    reason: text("reason").notNull(),
    updatedBy: bigint("updated_by", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("market_kind_limits_stake", sql`${t.maxStakeMajor} is null or ${t.maxStakeMajor} >= 0`),
    check("market_kind_limits_payout", sql`${t.maxPayoutMajor} is null or ${t.maxPayoutMajor} >= 0`),
  ],
);

/**
 * How long a live bet waits before it is accepted, for a sport or one tournament (which overrides its
 * sport). None for either: the book's default delay.
 */
export const liveBetDelays = pgTable(
  "live_bet_delays",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sportId: bigint("sport_id", { mode: "number" }).references(() => sports.id),
    tournamentId: bigint("tournament_id", { mode: "number" }).references(() => tournaments.id),
    delayMs: integer("delay_ms").notNull(),
    reason: text("reason").notNull(),
    updatedBy: bigint("updated_by", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("live_bet_delays_sport_key").on(t.sportId).where(sql`${t.sportId} is not null`),
    uniqueIndex("live_bet_delays_tournament_key")
      .on(t.tournamentId)
      .where(sql`${t.tournamentId} is not null`),
    check("live_bet_delays_one_scope", sql`(${t.sportId} is null) <> (${t.tournamentId} is null)`),
    check("live_bet_delays_range", sql`${t.delayMs} between 0 and 60000`),
  ],
);
