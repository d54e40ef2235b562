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
): Promise<SettlementResult["marketRows"]> {
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

async function settleTouchedBets(tx: Transaction, betIds: Set<number>, at: Date): Promise<BetNotice[]> {
  const notices: BetNotice[] = [];
  for (const id of [...betIds].sort((a, b) => a - b)) {
    const n = await resettleBet(tx, id, at);
    if (n) notices.push(n);
  }
  return notices;
}

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
  const touched = new Set<number>();
  const marketRows: SettlementResult["marketRows"] = [];
  for (const m of list) {
    const decided = m.outcomes.some((o) => o.result !== -1);
    const rows = decided ? await setMarketStatus(tx, ref, m, MARKET_STATUS.settled, at) : [];
    marketRows.push(...rows);
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
    const sels = await tx
      .select()
      .from(betSelections)
      .where(
        and(
          eq(betSelections.matchId, ref.id),
          eq(betSelections.marketId, m.id),
          eq(betSelections.specifier, m.specifiers),
        ),
      );
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
  }
  return { notices: await settleTouchedBets(tx, touched, at), marketRows };
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
  ref.written.clear();
  const touched = new Set<number>();
  const marketRows: SettlementResult["marketRows"] = [];
  const whole = window.startTime === undefined && window.endTime === undefined;
  for (const m of list) {
    if (whole) marketRows.push(...(await setMarketStatus(tx, ref, m, MARKET_STATUS.cancelled, at)));
    const sels = await tx
      .select({
        id: betSelections.id,
        betId: betSelections.betId,
        status: betSelections.status,
        result: betSelections.result,
      })
      .from(betSelections)
      .innerJoin(bets, eq(bets.id, betSelections.betId))
      .where(
        and(
          eq(betSelections.matchId, ref.id),
          eq(betSelections.marketId, m.id),
          eq(betSelections.specifier, m.specifiers),
          ...(window.startTime !== undefined ? [gte(bets.createdAt, new Date(window.startTime))] : []),
          ...(window.endTime !== undefined ? [lte(bets.createdAt, new Date(window.endTime))] : []),
        ),
      );
    for (const s of sels) {
      if (s.status === "void" && s.result === null) continue;
      await tx
        .update(betSelections)
        .set({ status: "void", result: null, voidFactor: 1000, deadHeatFactor: null, settledAt: at })
        .where(eq(betSelections.id, s.id));
      touched.add(s.betId);
    }
  }
  return { notices: await settleTouchedBets(tx, touched, at), marketRows };
}

/** Undoes settlements: results are cleared, selections reopen, bets re-settle (payouts come back). */
export async function applyRollbackSettlement(
  tx: Transaction,
  ref: MatchRef,
  list: MarketRef[],
  at: Date,
): Promise<SettlementResult> {
  ref.written.clear();
  const touched = new Set<number>();
  const marketRows: SettlementResult["marketRows"] = [];
  for (const m of list) {
    const rows = await setMarketStatus(tx, ref, m, MARKET_STATUS.suspended, at, MARKET_STATUS.settled);
    marketRows.push(...rows);
    for (const row of rows) {
      await tx
        .update(outcomes)
        .set({ result: null, voidFactor: null, deadHeatFactor: null, updatedAt: at })
        .where(eq(outcomes.marketRowId, row.id));
    }
    const reopened = await tx
      .update(betSelections)
      .set({ status: "open", result: null, voidFactor: null, deadHeatFactor: null, settledAt: null })
      .where(
        and(
          eq(betSelections.matchId, ref.id),
          eq(betSelections.marketId, m.id),
          eq(betSelections.specifier, m.specifiers),
          isNotNull(betSelections.result),
        ),
      )
      .returning({ betId: betSelections.betId });
    for (const r of reopened) touched.add(r.betId);
  }
  return { notices: await settleTouchedBets(tx, touched, at), marketRows };
}

/** Undoes cancels: voided selections reopen and their bets go back to waiting for results. */
export async function applyRollbackCancel(
  tx: Transaction,
  ref: MatchRef,
  list: MarketRef[],
  window: { startTime?: number; endTime?: number },
  at: Date,
): Promise<SettlementResult> {
  ref.written.clear();
  const touched = new Set<number>();
  const marketRows: SettlementResult["marketRows"] = [];
  for (const m of list) {
    marketRows.push(
      ...(await setMarketStatus(tx, ref, m, MARKET_STATUS.suspended, at, MARKET_STATUS.cancelled)),
    );
    const candidates = await tx
      .select({ id: betSelections.id, betId: betSelections.betId })
      .from(betSelections)
      .innerJoin(bets, eq(bets.id, betSelections.betId))
      .where(
        and(
          eq(betSelections.matchId, ref.id),
          eq(betSelections.marketId, m.id),
          eq(betSelections.specifier, m.specifiers),
          eq(betSelections.status, "void"),
          isNull(betSelections.result),
          ...(window.startTime !== undefined ? [gte(bets.createdAt, new Date(window.startTime))] : []),
          ...(window.endTime !== undefined ? [lte(bets.createdAt, new Date(window.endTime))] : []),
        ),
      );
    if (candidates.length === 0) continue;
    await tx
      .update(betSelections)
      .set({ status: "open", voidFactor: null, settledAt: null })
      .where(
        inArray(
          betSelections.id,
          candidates.map((c) => c.id),
        ),
      );
    for (const c of candidates) touched.add(c.betId);
  }
  return { notices: await settleTouchedBets(tx, touched, at), marketRows };
}
