import { betSelections, bets, markets, outcomes, type Transaction } from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { MatchRef } from "../ingest/catalogue.js";
import type { MarketRef, SettledMarket, SettledOutcome } from "../model.js";
import { type BetNotice, resettleBet } from "./bets.js";

export interface SettlementResult {
  notices: BetNotice[];
  /** markets whose status changed, for markets_changed */
  marketRows: { id: number; marketId: number; specifier: string; status: number }[];
}

function selectionStatus(o: SettledOutcome): string {
  if (o.result === -1) return "open";
  if (o.voidFactor === 1) return "void";
  if (o.voidFactor === 0.5) return o.result === 1 ? "half_won" : "half_lost";
  return o.result === 1 ? "won" : "lost";
}

const factor = (f: number | undefined) => (f === undefined ? null : Math.round(f * 1000));

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
  const notices: BetNotice[] = [];
  for (const id of [...touched].sort((a, b) => a - b)) {
    const n = await resettleBet(tx, id, at);
    if (n) notices.push(n);
  }
  return { notices, marketRows };
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
  return settleMarkets(tx, ref, list, at, async (m) => {
    const decided = m.outcomes.some((o) => o.result !== -1);
    const rows = decided ? await setMarketStatus(tx, ref, m, MARKET_STATUS.settled, at) : [];
    const touched = new Set<number>();
    const row = rows[0];
    if (row) {
      for (const o of m.outcomes) {
        await tx
          .update(outcomes)
          .set({
            result: o.result,
            voidFactor: factor(o.voidFactor),
            deadHeatFactor: factor(o.deadHeatFactor),
            updatedAt: at,
          })
          .where(and(eq(outcomes.marketRowId, row.id), eq(outcomes.outcomeId, o.id)));
      }
    }
    const sels = await tx.select().from(betSelections).where(onMarket(ref, m));
    for (const s of sels) {
      const o = m.outcomes.find((x) => x.id === s.outcomeId);
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
    return { rows, betIds: touched };
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
