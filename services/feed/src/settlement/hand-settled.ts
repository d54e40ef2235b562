import {
  type FeedSettlementRecord,
  markets,
  type OutcomeResultRecord,
  rowsOf,
  settlementConflicts,
  type Transaction,
} from "@sportsbook/db";
import { sql } from "drizzle-orm";
import type { MatchRef } from "../ingest/catalogue.js";
import { marketKey } from "../ingest/odds-change.js";
import type { FeedEvent, MarketRef, SettledMarket } from "../model.js";
import { factor, selectionStatus } from "./apply.js";

type SettlementEvent = Extract<
  FeedEvent,
  { kind: "bet_settlement" | "bet_cancel" | "rollback_bet_settlement" | "rollback_bet_cancel" }
>;

/** The decided outcomes of a feed's settled market, as a conflict keeps them for a trader to read. */
function resultsOf(m: SettledMarket): OutcomeResultRecord[] {
  return m.outcomes
    .filter((o) => o.result !== -1)
    .map((o) => ({
      outcome_id: o.id,
      result: selectionStatus(o),
      ...(o.deadHeatFactor !== undefined ? { dead_heat_factor: factor(o.deadHeatFactor) } : {}),
    }));
}

function feedOf(e: SettlementEvent, m: MarketRef | SettledMarket): FeedSettlementRecord {
  if (e.kind === "bet_settlement" && "outcomes" in m) return { outcomes: resultsOf(m) };
  if (e.kind === "bet_cancel" || e.kind === "rollback_bet_cancel")
    return {
      ...(e.startTime !== undefined ? { start_time: e.startTime } : {}),
      ...(e.endTime !== undefined ? { end_time: e.endTime } : {}),
    };
  return {};
}

/**
 * Holds back the markets of a feed settlement message that the settlement desk settled by hand: each
 * is recorded as a conflict for a trader to accept or reject, and is not applied. Answers the event
 * with only the markets the feed may settle.
 */
export async function holdHandSettled<E extends SettlementEvent>(
  tx: Transaction,
  ref: MatchRef,
  e: E,
  at: Date,
): Promise<E> {
  const held = rowsOf<{ id: number | string; market_id: number; specifier: string }>(
    await tx.execute(sql`select m.id, m.market_id, m.specifier from ${markets} m
      where m.match_id = ${ref.id}
        and exists (select 1 from hand_settlements h where h.market_row_id = m.id and h.released_at is null)`),
  );
  if (held.length === 0) return e;
  const rowOf = new Map(held.map((r) => [marketKey(r.market_id, r.specifier), Number(r.id)]));
  const list: (MarketRef | SettledMarket)[] = e.markets;
  const conflicts = list.flatMap((m) => {
    const rowId = rowOf.get(marketKey(m.id, m.specifiers));
    return rowId === undefined
      ? []
      : [{ matchId: ref.id, marketRowId: rowId, kind: e.kind, feed: feedOf(e, m), receivedAt: at }];
  });
  if (conflicts.length === 0) return e;
  await tx.insert(settlementConflicts).values(conflicts);
  return { ...e, markets: list.filter((m) => !rowOf.has(marketKey(m.id, m.specifiers))) };
}
