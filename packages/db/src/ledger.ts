import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type Executor, rowsOf, type Transaction } from "./database.js";
import { accounts, ledgerEntries, ledgerTransactions } from "./schema/wallet.js";

/** The cause of a posting; every balance change names one. */
export type PostingKind =
  | "deposit"
  | "withdrawal"
  | "withdrawal_reversal"
  | "stake"
  | "payout"
  | "cashout"
  | "refund"
  | "bonus"
  | "adjustment";
/** House accounts are the counter-side of player postings, one per kind and currency. */
/** `house_withdrawals` holds requested withdrawals until they are paid or given back. */
/** `house_adjustments` is the other side of balance corrections made by the operator's staff. */
export type HouseAccountKind =
  | "house_stakes"
  | "house_payments"
  | "house_bonus"
  | "house_withdrawals"
  | "house_adjustments";

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

  // Player rows first in id order, house rows last: a fixed lock order rules out deadlocks. The
  // house row is shared by every posting, so it is touched by the last statement before commit.
  const ordered = [...input.legs].sort(
    (a, b) => Number(a.house ?? false) - Number(b.house ?? false) || a.accountId - b.accountId,
  );
  const ownLegs = ordered.filter((leg) => !leg.house);
  const houseLegs = ordered.filter((leg) => leg.house);
  const balances = new Map<number, number>();
  const transactionId =
    ownLegs.length === 1 && ownLegs[0]
      ? await debitAndRecord(tx, input, ownLegs[0], balances)
      : await applyAndRecord(tx, input, ownLegs, balances);

  for (const leg of houseLegs) {
    const applied = rowsOf<{ balance_after: string | number }>(
      await tx.execute(sql`with h as (
          update ${accounts} set balance = balance + ${leg.amount}
          where id = ${leg.accountId} and currency = ${input.currency}
            and (kind <> 'player' or balance + ${leg.amount} >= 0)
          returning balance
        )
        insert into ${ledgerEntries} (transaction_id, account_id, amount, balance_after)
        select ${transactionId}, ${leg.accountId}, ${leg.amount}, h.balance from h
        returning balance_after`),
    );
    if (applied.length === 0) throw await refusal(tx, leg.accountId, input.currency);
    balances.set(leg.accountId, Number(applied[0]?.balance_after));
  }
  return { transactionId, balances };
}

/** The common case, one player leg: debit it and record the transaction and its entry in one statement. */
async function debitAndRecord(
  tx: Transaction,
  input: PostingInput,
  leg: PostingLeg,
  balances: Map<number, number>,
): Promise<number> {
  const rows = rowsOf<{ id: string | number; balance: string | number }>(
    await tx.execute(sql`with p as (
        update ${accounts} set balance = balance + ${leg.amount}
        where id = ${leg.accountId} and currency = ${input.currency}
          and (kind <> 'player' or balance + ${leg.amount} >= 0)
        returning id, balance
      ), t as (
        insert into ${ledgerTransactions} (kind, currency, reference_type, reference_id)
        select ${input.kind}, ${input.currency}, ${input.reference.type}, ${input.reference.id} from p
        returning id
      ), e as (
        insert into ${ledgerEntries} (transaction_id, account_id, amount, balance_after)
        select t.id, p.id, ${leg.amount}, p.balance from t, p
      )
      select t.id, p.balance from t, p`),
  );
  const row = rows[0];
  if (!row) throw await refusal(tx, leg.accountId, input.currency);
  balances.set(leg.accountId, Number(row.balance));
  return Number(row.id);
}

/** Any number of non-house legs: apply each in id order, then record the transaction and their entries. */
async function applyAndRecord(
  tx: Transaction,
  input: PostingInput,
  ownLegs: PostingLeg[],
  balances: Map<number, number>,
): Promise<number> {
  for (const leg of ownLegs) {
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
    if (!row) throw await refusal(tx, leg.accountId, input.currency);
    balances.set(leg.accountId, row.balance);
  }

  // The transaction row and the entries of the legs already applied, in one statement.
  const entries = ownLegs.map(
    (leg) =>
      sql`(${leg.accountId}::bigint, ${leg.amount}::bigint, ${balances.get(leg.accountId) ?? 0}::bigint)`,
  );
  const header = sql`insert into ${ledgerTransactions} (kind, currency, reference_type, reference_id)
    values (${input.kind}, ${input.currency}, ${input.reference.type}, ${input.reference.id}) returning id`;
  const recorded = rowsOf<{ id: string | number }>(
    await tx.execute(
      entries.length === 0
        ? header
        : sql`with t as (${header}), e as (
            insert into ${ledgerEntries} (transaction_id, account_id, amount, balance_after)
            select t.id, v.account_id, v.amount, v.balance_after
            from t, (values ${sql.join(entries, sql`, `)}) as v(account_id, amount, balance_after)
          ) select id from t`,
    ),
  );
  const transactionId = Number(recorded[0]?.id);
  if (!Number.isSafeInteger(transactionId)) throw new LedgerError("ledger transaction was not recorded");
  return transactionId;
}

/** Why an account refused a leg: it is missing, in another currency, or a player without the funds. */
async function refusal(tx: Transaction, accountId: number, currency: string): Promise<Error> {
  const [exists] = await tx
    .select({ currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!exists) return new LedgerError(`account ${accountId} does not exist`);
  if (exists.currency !== currency) {
    return new LedgerError(`account ${accountId} is in ${exists.currency}, not ${currency}`);
  }
  return new InsufficientFundsError(accountId);
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

/**
 * How many rows each house account is split into; postings pick one by their player. A posting
 * holds its row until commit, so two players sharing one wait on each other: with 32 rows the
 * placement benchmark's 50 players shared 18 of them, and its flat-out p99 was a sixth higher.
 * Existing rows of a smaller split stay part of the house balance, which sums every row.
 */
export const HOUSE_SHARDS = 128;

/** The shard of a house account a player's postings use. */
export function houseShardOf(playerId: number): number {
  return playerId % HOUSE_SHARDS;
}

/** The id of one shard (default 0) of the house account of a kind and currency, created on first use. */
export async function houseAccountId(
  ex: Executor,
  kind: HouseAccountKind,
  currency: string,
  shard = 0,
): Promise<number> {
  const find = () =>
    ex
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.kind, kind),
          eq(accounts.currency, currency),
          eq(accounts.shard, shard),
          isNull(accounts.playerId),
        ),
      );
  const [found] = await find();
  if (found) return found.id;
  await ex.insert(accounts).values({ kind, currency, shard }).onConflictDoNothing();
  const [created] = await find();
  if (!created)
    throw new LedgerError(`house account ${kind} ${currency} shard ${shard} could not be created`);
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
