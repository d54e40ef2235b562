import {
  arrayParam,
  type BetNotice,
  betSelections,
  bets,
  markets,
  outcomes,
  resettleBets,
  rowsOf,
  type Transaction,
} from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { MatchRef } from "../ingest/catalogue.js";
import { marketKey } from "../ingest/odds-change.js";
import type { MarketRef, SettledMarket, SettledOutcome } from "../model.js";

export interface SettlementResult {
  notices: BetNotice[];
  /** markets whose status changed, for markets_changed */
  marketRows: { id: number; marketId: number; specifier: string; status: number }[];
}

/** The selection status a feed's outcome result stands for. */
export function selectionStatus(o: SettledOutcome): string {
  if (o.result === -1) return "open";
  if (o.voidFactor === 1) return "void";
  if (o.voidFactor === 0.5) return o.result === 1 ? "half_won" : "half_lost";
  return o.result === 1 ? "won" : "lost";
}

/** A feed factor (0.5, 1 …) stored ×1000. */
export const factor = (f: number | undefined) => (f === undefined ? null : Math.round(f * 1000));

async function setMarketStatus(
  tx: Transaction,
  ref: MatchRef,
  m: MarketRef,
  status: number,
  at: Date,
  onlyFrom?: number,
): Promise<MarketRows> {
  return tx
    .update(markets)
    .set({ status, updatedAt: sql`greatest(${markets.updatedAt}, ${at.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(markets.matchId, ref.id),
        eq(markets.marketId, m.id),
        eq(markets.specifier, m.specifiers),
        ...(onlyFrom !== undefined ? [eq(markets.status, onlyFrom)] : []),
      ),
    )
    .returning({
      id: markets.id,
      marketId: markets.marketId,
      specifier: markets.specifier,
      status: markets.status,
    });
}

type MarketRows = SettlementResult["marketRows"];

/** What one market of a message changed: its market rows, and the bets whose selections moved. */
interface MarketStep {
  rows: MarketRows;
  betIds: Iterable<number>;
}

/**
 * The shape every settlement message shares: each market is applied in turn, then every bet it
 * touched is settled again (in id order, so concurrent messages lock bets alike). The match's
 * remembered odds are forgotten, as settling changes what its markets show.
 */
async function settleMarkets<M>(
  tx: Transaction,
  ref: MatchRef,
  list: M[],
  at: Date,
  step: (m: M) => Promise<MarketStep>,
): Promise<SettlementResult> {
  ref.written.clear();
  const touched = new Set<number>();
  const marketRows: MarketRows = [];
  for (const m of list) {
    const { rows, betIds } = await step(m);
    marketRows.push(...rows);
    for (const id of betIds) touched.add(id);
  }
  return { notices: await resettleBets(tx, touched, at), marketRows };
}

/** The selections on one market of the match. */
const onMarket = (ref: MatchRef, m: MarketRef) =>
  and(
    eq(betSelections.matchId, ref.id),
    eq(betSelections.marketId, m.id),
    eq(betSelections.specifier, m.specifiers),
  );

/** Bets placed inside a cancel's time window (every bet when it names none). */
const placedWithin = (window: { startTime?: number; endTime?: number }) => [
  ...(window.startTime !== undefined ? [gte(bets.createdAt, new Date(window.startTime))] : []),
  ...(window.endTime !== undefined ? [lte(bets.createdAt, new Date(window.endTime))] : []),
];

/**
 * Applies a bet settlement: outcome results on the market, then every selection on it, then each
 * touched bet. Certainty 1 and 2 settle alike; a repeat changes nothing, a correction re-settles.
 */
export async function applySettlement(
  tx: Transaction,
  ref: MatchRef,
  list: SettledMarket[],
  at: Date,
): Promise<SettlementResult> {
  ref.written.clear();
  const marketRows = await settleOutcomes(tx, ref, list, at);
  const sent = new Map(list.map((m) => [marketKey(m.id, m.specifiers), m]));
  const touched = new Set<number>();
  const sels = list.length
    ? await tx
        .select()
        .from(betSelections)
        .where(
          and(
            eq(betSelections.matchId, ref.id),
            inArray(
              betSelections.marketId,
              list.map((m) => m.id),
            ),
          ),
        )
    : [];
  for (const s of sels) {
    const o = sent.get(marketKey(s.marketId, s.specifier))?.outcomes.find((x) => x.id === s.outcomeId);
    // a selection cancelled by bet_cancel stays void until that cancel is rolled back
    if (!o || (s.status === "void" && s.result === null)) continue;
    const status = selectionStatus(o);
    const next = {
      status,
      result: o.result === -1 ? null : o.result,
      voidFactor: factor(o.voidFactor),
      deadHeatFactor: factor(o.deadHeatFactor),
    };
    if (
      s.status === next.status &&
      s.result === next.result &&
      s.voidFactor === next.voidFactor &&
      s.deadHeatFactor === next.deadHeatFactor
    )
      continue;
    await tx
      .update(betSelections)
      .set({ ...next, settledAt: status === "open" ? null : at })
      .where(eq(betSelections.id, s.id));
    touched.add(s.betId);
  }
  return { notices: await resettleBets(tx, touched, at), marketRows };
}

/**
 * Marks the decided markets of a settlement settled and writes their outcomes' results, in two
 * statements whatever the number of markets (a message settling a match's whole book would
 * otherwise take a round trip per market and per outcome, and hold the match's next frames back).
 * A market no outcome of which is decided is left as it is. Answers the markets written, in the
 * message's order.
 */
async function settleOutcomes(
  tx: Transaction,
  ref: MatchRef,
  list: SettledMarket[],
  at: Date,
): Promise<MarketRows> {
  const decided = list.filter((m) => m.outcomes.some((o) => o.result !== -1));
  if (decided.length === 0) return [];
  const written = rowsOf<{ id: string | number; market_id: number; specifier: string }>(
    await tx.execute(sql`update ${markets} m set status = ${MARKET_STATUS.settled},
        updated_at = greatest(m.updated_at, ${at.toISOString()}::timestamptz)
      from unnest(${arrayParam(
        decided.map((m) => m.id),
        "int",
      )}, ${arrayParam(
        decided.map((m) => m.specifiers),
        "text",
      )}) as v(market_id, specifier)
      where m.match_id = ${ref.id} and m.market_id = v.market_id and m.specifier = v.specifier
      returning m.id, m.market_id, m.specifier`),
  );
  const rowOf = new Map(written.map((r) => [marketKey(r.market_id, r.specifier), Number(r.id)]));
  const results = decided.flatMap((m) => {
    const rowId = rowOf.get(marketKey(m.id, m.specifiers));
    return rowId === undefined ? [] : m.outcomes.map((o) => ({ rowId, o }));
  });
  if (results.length) {
    await tx.execute(sql`update ${outcomes} o set result = v.result, void_factor = v.void_factor,
        dead_heat_factor = v.dead_heat_factor, updated_at = ${at.toISOString()}::timestamptz
      from unnest(${arrayParam(
        results.map((r) => r.rowId),
        "bigint",
      )}, ${arrayParam(
        results.map((r) => r.o.id),
        "text",
      )}, ${arrayParam(
        results.map((r) => r.o.result),
        "smallint",
      )}, ${arrayParam(
        results.map((r) => factor(r.o.voidFactor)),
        "int",
      )}, ${arrayParam(
        results.map((r) => factor(r.o.deadHeatFactor)),
        "int",
      )}) as v(market_row_id, outcome_id, result, void_factor, dead_heat_factor)
      where o.market_row_id = v.market_row_id and o.outcome_id = v.outcome_id`);
  }
  return decided.flatMap((m) => {
    const id = rowOf.get(marketKey(m.id, m.specifiers));
    return id === undefined
      ? []
      : [{ id, marketId: m.id, specifier: m.specifiers, status: MARKET_STATUS.settled }];
  });
}

/**
 * Applies a bet cancel: selections on the markets are voided (only those of bets placed inside the
 * time window, when the message names one) and their bets re-settled.
 */
export async function applyCancel(
  tx: Transaction,
  ref: MatchRef,
  list: MarketRef[],
  window: { startTime?: number; endTime?: number },
  at: Date,
): Promise<SettlementResult> {
  const whole = window.startTime === undefined && window.endTime === undefined;
  return settleMarkets(tx, ref, list, at, async (m) => {
    const rows = whole ? await setMarketStatus(tx, ref, m, MARKET_STATUS.cancelled, at) : [];
    const touched = new Set<number>();
    const sels = await tx
      .select({
        id: betSelections.id,
        betId: betSelections.betId,
        status: betSelections.status,
        result: betSelections.result,
      })
      .from(betSelections)
      .innerJoin(bets, eq(bets.id, betSelections.betId))
      .where(and(onMarket(ref, m), ...placedWithin(window)));
    for (const s of sels) {
      if (s.status === "void" && s.result === null) continue;
      await tx
        .update(betSelections)
        .set({ status: "void", result: null, voidFactor: 1000, deadHeatFactor: null, settledAt: at })
        .where(eq(betSelections.id, s.id));
      touched.add(s.betId);
    }
    return { rows, betIds: touched };
  });
}

/** Undoes settlements: results are cleared, selections reopen, bets re-settle (payouts come back). */
export async function applyRollbackSettlement(
  tx: Transaction,
  ref: MatchRef,
  list: MarketRef[],
  at: Date,
): Promise<SettlementResult> {
  return settleMarkets(tx, ref, list, at, async (m) => {
    const rows = await setMarketStatus(tx, ref, m, MARKET_STATUS.suspended, at, MARKET_STATUS.settled);
    for (const row of rows) {
      await tx
        .update(outcomes)
        .set({ result: null, voidFactor: null, deadHeatFactor: null, updatedAt: at })
        .where(eq(outcomes.marketRowId, row.id));
    }
    const reopened = await tx
      .update(betSelections)
      .set({ status: "open", result: null, voidFactor: null, deadHeatFactor: null, settledAt: null })
      .where(and(onMarket(ref, m), isNotNull(betSelections.result)))
      .returning({ betId: betSelections.betId });
    return { rows, betIds: reopened.map((r) => r.betId) };
  });
}

/** Undoes cancels: voided selections reopen and their bets go back to waiting for results. */
export async function applyRollbackCancel(
  tx: Transaction,
  ref: MatchRef,
  list: MarketRef[],
  window: { startTime?: number; endTime?: number },
  at: Date,
): Promise<SettlementResult> {
  return settleMarkets(tx, ref, list, at, async (m) => {
    const rows = await setMarketStatus(tx, ref, m, MARKET_STATUS.suspended, at, MARKET_STATUS.cancelled);
    const candidates = await tx
      .select({ id: betSelections.id, betId: betSelections.betId })
      .from(betSelections)
      .innerJoin(bets, eq(bets.id, betSelections.betId))
      .where(
        and(
          onMarket(ref, m),
          eq(betSelections.status, "void"),
          isNull(betSelections.result),
          ...placedWithin(window),
        ),
      );
    if (candidates.length === 0) return { rows, betIds: [] };
    await tx
      .update(betSelections)
      .set({ status: "open", voidFactor: null, settledAt: null })
      .where(
        inArray(
          betSelections.id,
          candidates.map((c) => c.id),
        ),
      );
    return { rows, betIds: candidates.map((c) => c.betId) };
  });
}
