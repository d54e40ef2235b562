import {
  isOdds,
  type MarketUpdate,
  type SlipSelection,
  type TicketAction,
  type TicketBet,
} from "@sportsbook/domain";
import { type LiveStore, marketIdKey, marketKey } from "../../live/live-store";

/**
 * What the live store knows now about the slip's matches, as reducer actions (SPEC §4 odds refresh):
 * per match the markets of its selections, each at the live price and status where the store has
 * one and as the slip has it otherwise (a market the store has not heard of is not "missing").
 */
export function liveRefresh(
  bets: readonly TicketBet[],
  live: Pick<LiveStore, "market" | "outcome" | "match">,
): TicketAction[] {
  const byMatch = new Map<string, SlipSelection[]>();
  for (const s of bets.flatMap((b) => b.selections))
    byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), s]);
  const actions: TicketAction[] = [];
  for (const [matchId, selections] of byMatch) {
    const markets = new Map<
      string,
      { marketId: string; specifier: string; status: number; outcomes: MarketUpdate["outcomes"][number][] }
    >();
    let known = false;
    for (const s of selections) {
      const key = marketIdKey(s.marketId, s.specifier);
      const liveMarket = live.market(marketKey(matchId, key));
      const liveOutcome = live.outcome(s.id);
      if (liveMarket || liveOutcome) known = true;
      const entry = markets.get(key) ?? {
        marketId: s.marketId,
        specifier: s.specifier,
        status: liveMarket?.status ?? (s.isSuspended ? -1 : 1),
        outcomes: [],
      };
      entry.outcomes.push({
        id: s.outcomeId,
        // a live price that is no valid odds is not taken over
        odds: liveOutcome !== undefined && isOdds(liveOutcome.odds) ? liveOutcome.odds : s.odds,
        active: liveOutcome?.active ?? !s.isSuspended,
      });
      markets.set(key, entry);
    }
    if (known) actions.push({ type: "marketsUpdated", matchId, markets: [...markets.values()] });
    const status = live.match(matchId)?.status;
    if (status !== undefined && selections.some((s) => s.matchStatus !== status)) {
      actions.push({ type: "matchStatusChanged", matchId, status });
    }
  }
  return actions;
}

/** The live-store keys a slip depends on: its outcomes, their markets and their matches. */
export function liveKeys(bets: readonly TicketBet[]): string[] {
  const keys = new Set<string>();
  for (const s of bets.flatMap((b) => b.selections)) {
    keys.add(s.id);
    keys.add(marketKey(s.matchId, marketIdKey(s.marketId, s.specifier)));
    keys.add(s.matchId);
  }
  return [...keys];
}
