import { MARKET_STATUS, type SelectionStatus } from "@sportsbook/domain";
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Transaction } from "./database.js";
import { betSelections, bets } from "./schema/bets.js";
import { markets, outcomes } from "./schema/catalogue.js";
import type { OutcomeResultRecord } from "./schema/settlement-desk.js";
import { type BetNotice, resettleBet } from "./settlement.js";

/**
 * Writing a decided result onto one market's outcomes and the selections on them, for the
 * settlement desk and for a feed settlement a trader accepted. The bets touched are then settled
 * again by `resettleBets`, the rule the feed's settlement uses: money moves by the difference.
 */

export type SettledSelectionStatus = Exclude<SelectionStatus, "open">;

/** How a settled status is stored: the outcome's result (1 won, 0 lost) and void factor (×1000). */
export const SETTLED_AS: Record<SettledSelectionStatus, { result: number; voidFactor: number | null }> = {
  won: { result: 1, voidFactor: null },
  lost: { result: 0, voidFactor: null },
  void: { result: 0, voidFactor: 1000 },
  half_won: { result: 1, voidFactor: 500 },
  half_lost: { result: 0, voidFactor: 500 },
};

export function isSettledSelectionStatus(s: string): s is SettledSelectionStatus {
  return Object.hasOwn(SETTLED_AS, s);
}

export interface MarketRow {
  id: number;
  matchId: number;
  marketId: number;
  specifier: string;
}

/**
 * An outcome with a decided result is no longer offered: it keeps what the feed last said of it (as
 * a trader's hold does), so a reopened market's outcomes come back as the feed sends them.
 */
const withdrawn = { feedActive: sql`coalesce(${outcomes.feedActive}, ${outcomes.active})`, active: false };

/** The selections on one market (or one outcome of it); the index is on match, market and specifier. */
const selectionsOn = (m: MarketRow, outcomeId?: string) =>
  and(
    eq(betSelections.matchId, m.matchId),
    eq(betSelections.marketId, m.marketId),
    eq(betSelections.specifier, m.specifier),
    ...(outcomeId !== undefined ? [eq(betSelections.outcomeId, outcomeId)] : []),
  );

/** Settles each touched bet again, in id order, so concurrent settlements lock bets alike. */
export async function resettleBets(
  tx: Transaction,
  touched: Iterable<number>,
  at: Date,
): Promise<BetNotice[]> {
  const notices: BetNotice[] = [];
  for (const id of [...new Set(touched)].sort((a, b) => a - b)) {
    const n = await resettleBet(tx, id, at);
    if (n) notices.push(n);
  }
  return notices;
}

/**
 * Writes results onto outcomes of a market and onto every selection on them, whatever they said
 * before (a cancelled selection included: this is a decision, not the feed's first word). The market
 * is marked settled once each of its outcomes has a result. Answers the bets whose selections moved.
 */
export async function writeOutcomeResults(
  tx: Transaction,
  m: MarketRow,
  results: OutcomeResultRecord[],
  at: Date,
): Promise<number[]> {
  const touched: number[] = [];
  for (const r of results) {
    if (!isSettledSelectionStatus(r.result)) continue;
    const stored = SETTLED_AS[r.result];
    const deadHeatFactor = r.dead_heat_factor ?? null;
    await tx
      .update(outcomes)
      .set({
        result: stored.result,
        voidFactor: stored.voidFactor,
        deadHeatFactor,
        ...withdrawn,
        updatedAt: at,
      })
      .where(and(eq(outcomes.marketRowId, m.id), eq(outcomes.outcomeId, r.outcome_id)));
    const moved = await tx
      .update(betSelections)
      .set({ status: r.result, ...stored, deadHeatFactor, settledAt: at })
      .where(selectionsOn(m, r.outcome_id))
      .returning({ betId: betSelections.betId });
    touched.push(...moved.map((s) => s.betId));
  }
  await settleWhenDecided(tx, m, at);
  return touched;
}

/** Marks the market settled once each of its outcomes has a result. */
async function settleWhenDecided(tx: Transaction, m: MarketRow, at: Date): Promise<void> {
  const open = await tx
    .select({ id: outcomes.id })
    .from(outcomes)
    .where(and(eq(outcomes.marketRowId, m.id), isNull(outcomes.result)))
    .limit(1);
  if (open.length === 0)
    await tx
      .update(markets)
      .set({ status: MARKET_STATUS.settled, updatedAt: at })
      .where(eq(markets.id, m.id));
}

/**
 * Voids the selections on a market, or on one outcome of it, as a cancel does (refunded, no result),
 * only those of bets placed inside the window when one is given (the market then stays as it is).
 * The whole market voided is marked cancelled and its results cleared; one outcome voided keeps a
 * void result. Answers the bets whose selections moved.
 */
export async function voidSelections(
  tx: Transaction,
  m: MarketRow,
  at: Date,
  scope: { outcomeId?: string; startTime?: number; endTime?: number } = {},
): Promise<number[]> {
  const window = [
    ...(scope.startTime !== undefined ? [gte(bets.createdAt, new Date(scope.startTime))] : []),
    ...(scope.endTime !== undefined ? [lte(bets.createdAt, new Date(scope.endTime))] : []),
  ];
  const sels = await tx
    .select({ id: betSelections.id, betId: betSelections.betId })
    .from(betSelections)
    .innerJoin(bets, eq(bets.id, betSelections.betId))
    .where(and(selectionsOn(m, scope.outcomeId), ...window));
  if (sels.length > 0)
    await tx
      .update(betSelections)
      .set({ status: "void", result: null, voidFactor: 1000, deadHeatFactor: null, settledAt: at })
      .where(
        inArray(
          betSelections.id,
          sels.map((s) => s.id),
        ),
      );
  if (window.length > 0) return sels.map((s) => s.betId);
  if (scope.outcomeId !== undefined) {
    // the one outcome is void; the market is settled once its other outcomes are decided too
    await tx
      .update(outcomes)
      .set({ ...SETTLED_AS.void, deadHeatFactor: null, ...withdrawn, updatedAt: at })
      .where(and(eq(outcomes.marketRowId, m.id), eq(outcomes.outcomeId, scope.outcomeId)));
    await settleWhenDecided(tx, m, at);
  } else {
    await tx
      .update(outcomes)
      .set({ result: null, voidFactor: null, deadHeatFactor: null, updatedAt: at })
      .where(eq(outcomes.marketRowId, m.id));
    await tx
      .update(markets)
      .set({ status: MARKET_STATUS.cancelled, updatedAt: at })
      .where(eq(markets.id, m.id));
  }
  return sels.map((s) => s.betId);
}

/** Reopens a market's settled or voided selections and clears its results, as a rollback does. */
export async function reopenSelections(tx: Transaction, m: MarketRow, at: Date): Promise<number[]> {
  await tx
    .update(outcomes)
    .set({ result: null, voidFactor: null, deadHeatFactor: null, updatedAt: at })
    .where(eq(outcomes.marketRowId, m.id));
  await tx
    .update(markets)
    .set({ status: MARKET_STATUS.suspended, updatedAt: at })
    .where(
      and(eq(markets.id, m.id), inArray(markets.status, [MARKET_STATUS.settled, MARKET_STATUS.cancelled])),
    );
  const reopened = await tx
    .update(betSelections)
    .set({ status: "open", result: null, voidFactor: null, deadHeatFactor: null, settledAt: null })
    .where(and(selectionsOn(m), isNotNull(betSelections.settledAt)))
    .returning({ betId: betSelections.betId });
  return reopened.map((r) => r.betId);
}
