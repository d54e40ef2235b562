import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "./backoffice.js";
import { players } from "./players.js";
import { ledgerTransactions } from "./wallet.js";

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** What the operator's staff wrote about a player (a complaint, a call); never shown to the player. */
export const playerNotes = pgTable(
  "player_notes",
  {
    id: id(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("player_notes_player_idx").on(t.playerId, t.createdAt)],
);

/**
 * A balance adjustment asked for by a staff member: applied at once (`applied`, with its ledger
 * posting) when small enough, else `pending` until a second member approves (`applied`) or rejects
 * (`rejected`) it.
 */
export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: id(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    currency: text("currency").notNull(),
    /** Signed minor units: positive credits the player. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    requestedBy: bigint("requested_by", { mode: "number" })
      .notNull()
      .references(() => staff.id),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staff.id),
    transactionId: bigint("transaction_id", { mode: "number" }).references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("balance_adjustments_player_idx").on(t.playerId, t.createdAt),
    index("balance_adjustments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("balance_adjustments_amount_nonzero", sql`${t.amount} <> 0`),
    check("balance_adjustments_second_pair_of_eyes", sql`${t.decidedBy} is null or ${t.status} <> 'pending'`),
  ],
);
