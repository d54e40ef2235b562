import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor, Transaction } from "./database.js";
import { accounts, ledgerEntries, ledgerTransactions } from "./schema/wallet.js";

/** The cause of a posting; every balance change names one. */
export type PostingKind = "deposit" | "withdrawal" | "stake" | "payout" | "cashout" | "refund" | "bonus";
/** House accounts are the counter-side of player postings, one per kind and currency. */
export type HouseAccountKind = "house_stakes" | "house_payments" | "house_bonus";

export interface PostingLeg {
  accountId: number;
  /** Signed minor units: positive credits, negative debits. */
  amount: number;
  /** House legs are applied last so the hot house row stays locked for the shortest time. */
  house?: boolean;
}

export interface PostingInput {
  kind: PostingKind;
  currency: string;
  /** What caused the posting, e.g. `{ type: "bet", id: "42" }`. */
  reference: { type: string; id: string };
  legs: PostingLeg[];
}

export interface Posting {
  transactionId: number;
  /** Balance of every account touched, after the posting. */
  balances: Map<number, number>;
}

/** A debit would take a player account below zero. Nothing of the posting is kept. */
export class InsufficientFundsError extends Error {
  override name = "InsufficientFundsError";
  constructor(readonly accountId: number) {
    super(`account ${accountId} has insufficient funds`);
  }
}

export class LedgerError extends Error {
  override name = "LedgerError";
}

/**
 * Writes one balanced posting inside the caller's transaction: updates every balance (refusing to
 * take a player account below zero) and records the legs. Legs must sum to zero.
 */
export async function post(tx: Transaction, input: PostingInput): Promise<Posting> {
  if (input.legs.length < 2) throw new LedgerError("a posting needs at least two legs");
  let sum = 0;
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new LedgerError(`amount ${leg.amount} is not an integer`);
    sum += leg.amount;
  }
  if (sum !== 0) throw new LedgerError(`posting legs sum to ${sum}, not zero`);

  // Player rows first in id order, house rows last: a fixed lock order rules out deadlocks.
  const ordered = [...input.legs].sort(
    (a, b) => Number(a.house ?? false) - Number(b.house ?? false) || a.accountId - b.accountId,
  );
  const balances = new Map<number, number>();
  for (const leg of ordered) {
    const updated = await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${leg.amount}` })
      .where(
        and(
          eq(accounts.id, leg.accountId),
          eq(accounts.currency, input.currency),
          sql`(${accounts.kind} <> 'player' or ${accounts.balance} + ${leg.amount} >= 0)`,
        ),
      )
      .returning({ balance: accounts.balance });
    const row = updated[0];
    if (!row) {
      const [exists] = await tx
        .select({ currency: accounts.currency })
        .from(accounts)
        .where(eq(accounts.id, leg.accountId));
      if (!exists) throw new LedgerError(`account ${leg.accountId} does not exist`);
      if (exists.currency !== input.currency)
        throw new LedgerError(`account ${leg.accountId} is in ${exists.currency}, not ${input.currency}`);
      throw new InsufficientFundsError(leg.accountId);
    }
    balances.set(leg.accountId, row.balance);
  }

  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      currency: input.currency,
      referenceType: input.reference.type,
      referenceId: input.reference.id,
    })
    .returning({ id: ledgerTransactions.id });
  if (!txRow) throw new LedgerError("ledger transaction was not recorded");
  await tx.insert(ledgerEntries).values(
    ordered.map((leg) => ({
      transactionId: txRow.id,
      accountId: leg.accountId,
      amount: leg.amount,
      balanceAfter: balances.get(leg.accountId) ?? 0,
    })),
  );
  return { transactionId: txRow.id, balances };
}

/** Moves `amount` from the house account of `houseKind` to a player account (negative: the other way). */
export async function postPlayerTransfer(
  tx: Transaction,
  input: {
    kind: PostingKind;
    currency: string;
    reference: { type: string; id: string };
    playerAccountId: number;
    houseAccountId: number;
    amount: number;
  },
): Promise<{ transactionId: number; playerBalance: number }> {
  const posting = await post(tx, {
    kind: input.kind,
    currency: input.currency,
    reference: input.reference,
    legs: [
      { accountId: input.playerAccountId, amount: input.amount },
      { accountId: input.houseAccountId, amount: -input.amount, house: true },
    ],
  });
  return {
    transactionId: posting.transactionId,
    playerBalance: posting.balances.get(input.playerAccountId) ?? 0,
  };
}

/** The id of the house account of a kind and currency, created on first use. */
export async function houseAccountId(
  ex: Executor,
  kind: HouseAccountKind,
  currency: string,
): Promise<number> {
  const find = () =>
    ex
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.kind, kind), eq(accounts.currency, currency), isNull(accounts.playerId)));
  const [found] = await find();
  if (found) return found.id;
  await ex.insert(accounts).values({ kind, currency }).onConflictDoNothing();
  const [created] = await find();
  if (!created) throw new LedgerError(`house account ${kind} ${currency} could not be created`);
  return created.id;
}

/** The player's account in a currency, created (empty) on first use. */
export async function ensurePlayerAccount(
  ex: Executor,
  playerId: number,
  currency: string,
): Promise<{ id: number; balance: number; currency: string }> {
  const find = () =>
    ex
      .select({ id: accounts.id, balance: accounts.balance, currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.playerId, playerId), eq(accounts.currency, currency)));
  const [found] = await find();
  if (found) return found;
  await ex.insert(accounts).values({ kind: "player", playerId, currency }).onConflictDoNothing();
  const [created] = await find();
  if (!created) throw new LedgerError(`account of player ${playerId} in ${currency} could not be created`);
  return created;
}

/** Every account of a player, ordered by currency. */
export async function playerAccounts(ex: Executor, playerId: number) {
  return ex
    .select({ id: accounts.id, currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.playerId, playerId))
    .orderBy(asc(accounts.currency));
}

/** Sum of every ledger entry; zero in a healthy ledger. */
export async function ledgerImbalance(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string | number | null>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries);
  return Number(row?.sum ?? 0);
}
