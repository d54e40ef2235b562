import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players.js";

/** Currencies the wallet knows; `subunits` is the number of decimal places of the minor unit. */
export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  subunits: integer("subunits").notNull(),
  fiat: boolean("fiat").notNull().default(true),
  enabled: boolean("enabled").notNull().default(true),
  /**
   * What one major unit is worth in the book's base currency (EUR), ×1 000 000 (RATE_SCALE of the
   * domain); null while the operator has set none, and then nothing converts from or into it.
   */
  rateMicros: bigint("rate_micros", { mode: "number" }),
});

/**
 * Ledger accounts. Player accounts (`kind = 'player'`) may never go negative; house accounts
 * (`house_stakes`, `house_payments`, `house_bonus`, one row per shard) are the other side of every
 * posting and may.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    playerId: bigint("player_id", { mode: "number" }).references(() => players.id, { onDelete: "restrict" }),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    /** Minor units; kept equal to the sum of this account's ledger entries. */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    /**
     * House accounts are split into shards (one row each) so concurrent postings do not queue on one
     * row lock; a house balance is the sum over its shards. Always 0 for player accounts.
     */
    shard: smallint("shard").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_player_currency_key")
      .on(t.playerId, t.currency)
      .where(sql`${t.playerId} is not null`),
    uniqueIndex("accounts_house_currency_shard_key")
      .on(t.kind, t.currency, t.shard)
      .where(sql`${t.playerId} is null`),
    check("accounts_player_not_negative", sql`${t.kind} <> 'player' or ${t.balance} >= 0`),
    check("accounts_player_owner", sql`(${t.kind} = 'player') = (${t.playerId} is not null)`),
  ],
);

/**
 * One balanced posting. `kind` is its cause (deposit, stake, payout, cashout, refund, bonus,
 * withdrawal) and `reference_type`/`reference_id` point at the row that caused it (a bet, a payment).
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    /**
     * No foreign key to `currencies`: every posting would take a share lock on its currency's row,
     * one row for all players, and concurrent postings would queue on building multixacts for it.
     * The account legs are in this currency, and accounts do reference `currencies`.
     */
    currency: text("currency").notNull(),
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_transactions_reference_idx").on(t.referenceType, t.referenceId),
    // the reports read one currency's postings of a period
    index("ledger_transactions_currency_created_idx").on(t.currency, t.createdAt),
  ],
);

/** The legs of a posting; the amounts of one transaction sum to zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    /** Signed minor units: positive credits the account, negative debits it. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
  ],
);

/**
 * Deposits and withdrawals through a payment provider. Deposits go `pending` → `succeeded` /
 * `failed` / `cancelled` / `expired` as the provider's signed callbacks say (only `succeeded` is
 * credited); withdrawals `requested` → `approved` → `paid`, or `declined` / `cancelled`, holding the
 * funds from the request on. The `demo` provider of the embedded default writes `succeeded` at once.
 */
export const payments = pgTable(
  "payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id),
    direction: text("direction").notNull(),
    provider: text("provider").notNull(),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").notNull(),
    /** The provider's id of this payment (its checkout session). */
    externalRef: text("external_ref"),
    /** Why it failed or was declined, as the provider or the reviewer said. */
    reason: text("reason"),
    /** A pending deposit the provider has not settled by then is expired by housekeeping. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_player_idx").on(t.playerId, t.createdAt),
    index("payments_pending_idx").on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("payments_provider_ref_key")
      .on(t.provider, t.externalRef)
      .where(sql`${t.externalRef} is not null`),
    check("payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Provider callbacks already applied, by the provider's event id: a replayed callback finds its row
 * and changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
