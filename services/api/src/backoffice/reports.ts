import type {
  BettingReport,
  BettingReportQuery,
  BettingReportRow,
  MoneyReport,
  MoneyReportQuery,
  MoneyReportRow,
} from "@sportsbook/contracts";
import { type Executor, rowsOf } from "@sportsbook/db";
import { type SQL, sql } from "drizzle-orm";
import { validationError } from "../http/errors.js";

/**
 * The reports read the ledger's player legs only: every player balance is the sum of those legs, so
 * a report over all time reconciles to the cent with the balances. A posting counts in the period of
 * its own time (a bet staked on Monday and paid on Tuesday is Monday's turnover and Tuesday's payout).
 */

type Grouping = BettingReportQuery["by"];

/** Inclusive UTC days → the half-open instant range the postings are filtered on. */
function rangeOf(q: { from: string; to: string }): { start: Date; end: Date } {
  const end = new Date(`${q.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: new Date(`${q.from}T00:00:00.000Z`), end };
}

function periodKey(by: "day" | "week" | "month", at: SQL): SQL {
  if (by === "month") return sql`to_char(${at} at time zone 'UTC', 'YYYY-MM')`;
  // ISO weeks start on Monday, which is what date_trunc('week') gives
  return sql`to_char(date_trunc(${by}, ${at} at time zone 'UTC'), 'YYYY-MM-DD')`;
}

/**
 * Key and label of a bet's group. A bet whose selections span several sports (tournaments,
 * providers) is grouped as `mixed`, so each bet and each posting counts exactly once.
 */
function groupOf(by: Grouping): { key: SQL; label: SQL } {
  switch (by) {
    case "day":
    case "week":
    case "month": {
      const key = periodKey(by, sql`l.created_at`);
      return { key, label: key };
    }
    case "bet_type":
      return { key: sql`b.type`, label: sql`b.type` };
    case "channel":
      return { key: sql`b.channel`, label: sql`b.channel` };
    case "sport":
    case "tournament":
    case "provider": {
      const column = sql.raw(
        { sport: "m.sport_id", tournament: "m.tournament_id", provider: "m.provider" }[by],
      );
      // a provider is its own label; sports and tournaments are labelled with their names
      const table = by === "provider" ? null : sql.raw(by === "sport" ? "sports" : "tournaments");
      const one = sql`(select case when count(distinct ${column}) = 1 then min(${column}::text) end
        from bet_selections bs join matches m on m.id = bs.match_id where bs.bet_id = b.id)`;
      const key = sql`coalesce(${one}, 'mixed')`;
      const label =
        table === null
          ? key
          : sql`coalesce((select g.name from ${table} g where g.id::text = ${one}), 'mixed')`;
      return { key, label };
    }
  }
}

/** The currency asked for, with what it takes to show its amounts; one the wallet does not know is refused. */
async function currencyOf(db: Executor, code: string) {
  const [known] = rowsOf<{ code: string; subunits: number; fiat: boolean }>(
    await db.execute(sql`select code, subunits, fiat from currencies where code = ${code}`),
  );
  if (!known) throw validationError([{ field: "currency", message: "unknown currency" }]);
  return known;
}

/** GGR over stakes in basis points, in integers: a ratio of money is never a float here. */
export function holdBasisPoints(ggr: number, stakes: number): number | null {
  if (stakes === 0) return null;
  return Number((BigInt(ggr) * 10_000n) / BigInt(stakes));
}

function bettingFigures(stakes: number, payouts: number, bets: number, players: number) {
  const ggr = stakes - payouts;
  return { stakes, payouts, ggr, hold_bp: holdBasisPoints(ggr, stakes), bets, players };
}

interface BettingRow {
  key: string;
  label: string;
  stakes: string | number | null;
  payouts: string | number | null;
  bets: string | number;
  players: string | number;
}

/** Turnover, payouts, GGR, hold, bets and players of one currency, grouped as asked. */
export async function bettingReport(db: Executor, q: BettingReportQuery): Promise<BettingReport> {
  const currency = await currencyOf(db, q.currency);
  const { start, end } = rangeOf(q);
  const { key, label } = groupOf(q.by);
  const legs = sql`select t.kind, t.reference_id, t.created_at, e.amount, a.player_id
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join accounts a on a.id = e.account_id and a.kind = 'player'
    where t.currency = ${q.currency} and t.reference_type = 'bet'
      and t.kind in ('stake', 'payout', 'cashout', 'refund')
      and t.created_at >= ${start.toISOString()} and t.created_at < ${end.toISOString()}`;
  const figures = sql`-coalesce(sum(l.amount) filter (where l.kind = 'stake'), 0) as stakes,
    coalesce(sum(l.amount) filter (where l.kind <> 'stake'), 0) as payouts,
    count(distinct l.reference_id) filter (where l.kind = 'stake') as bets,
    count(distinct l.player_id) filter (where l.kind = 'stake') as players`;
  const rows = rowsOf<BettingRow>(
    // keyed per posting first: a key made of parameters or a subquery cannot be grouped on directly
    await db.execute(sql`with legs as (${legs}),
      l as (select l.*, ${key} as key, ${label} as label from legs l join bets b on b.id = l.reference_id::bigint)
      select key, label, ${figures} from l group by key, label order by key`),
  );
  const [total] = rowsOf<Omit<BettingRow, "key" | "label">>(
    await db.execute(sql`with l as (${legs}) select ${figures} from l`),
  );
  const data: BettingReportRow[] = rows.map((r) => ({
    key: r.key,
    label: r.label,
    ...bettingFigures(Number(r.stakes), Number(r.payouts), Number(r.bets), Number(r.players)),
  }));
  return {
    data,
    totals: bettingFigures(
      Number(total?.stakes ?? 0),
      Number(total?.payouts ?? 0),
      Number(total?.bets ?? 0),
      Number(total?.players ?? 0),
    ),
    currency,
  };
}

interface MoneyRow {
  key: string;
  deposits: string | number;
  withdrawals: string | number;
  bonus_cost: string | number;
  adjustments: string | number;
}

/** Payments in and out, bonus cost and staff adjustments of one currency by period. */
export async function moneyReport(db: Executor, q: MoneyReportQuery): Promise<MoneyReport> {
  const currency = await currencyOf(db, q.currency);
  const { start, end } = rangeOf(q);
  const figures = sql`coalesce(sum(e.amount) filter (where t.kind = 'deposit'), 0) as deposits,
    -coalesce(sum(e.amount) filter (where t.kind in ('withdrawal', 'withdrawal_reversal')), 0) as withdrawals,
    coalesce(sum(e.amount) filter (where t.kind = 'bonus'), 0) as bonus_cost,
    coalesce(sum(e.amount) filter (where t.kind = 'adjustment'), 0) as adjustments`;
  const from = sql`from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join accounts a on a.id = e.account_id and a.kind = 'player'
    where t.currency = ${q.currency}
      and t.kind in ('deposit', 'withdrawal', 'withdrawal_reversal', 'bonus', 'adjustment')
      and t.created_at >= ${start.toISOString()} and t.created_at < ${end.toISOString()}`;
  const rows = rowsOf<MoneyRow>(
    await db.execute(
      sql`select ${periodKey(q.by, sql`t.created_at`)} as key, ${figures} ${from} group by 1 order by 1`,
    ),
  );
  const [total] = rowsOf<Omit<MoneyRow, "key">>(await db.execute(sql`select ${figures} ${from}`));
  const money = (r: Omit<MoneyRow, "key"> | undefined) => ({
    deposits: Number(r?.deposits ?? 0),
    withdrawals: Number(r?.withdrawals ?? 0),
    bonus_cost: Number(r?.bonus_cost ?? 0),
    adjustments: Number(r?.adjustments ?? 0),
  });
  const data: MoneyReportRow[] = rows.map((r) => ({ key: r.key, label: r.key, ...money(r) }));
  return { data, totals: money(total), currency };
}
