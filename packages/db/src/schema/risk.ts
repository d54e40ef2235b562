import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "./backoffice.js";
import { players } from "./players.js";

/**
 * A trader's risk profile of one player: a stake factor (×1000, 10–10000, scaling the largest stake
 * the book takes from them), a maximum stake, and what they may not do. No row: the book's defaults.
 */
export const playerRiskProfiles = pgTable(
  "player_risk_profiles",
  {
    playerId: bigint("player_id", { mode: "number" })
      .primaryKey()
      .references(() => players.id),
    stakeFactor: integer("stake_factor").notNull().default(1000),
    /** Minor units of the player's currency; none: only the payout cap limits the stake. */
    maxStake: bigint("max_stake", { mode: "number" }),
    bettingBlocked: boolean("betting_blocked").notNull().default(false),
    liveBettingBlocked: boolean("live_betting_blocked").notNull().default(false),
    cashoutBlocked: boolean("cashout_blocked").notNull().default(false),
    reason: text("reason").notNull(),
    updatedBy: bigint("updated_by", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("player_risk_profiles_factor", sql`${t.stakeFactor} between 10 and 10000`),
    check("player_risk_profiles_max_stake", sql`${t.maxStake} is null or ${t.maxStake} >= 0`),
  ],
);
