import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import { MARKET_STATUS_OF, MATCH_STATUS_OF } from "@sportsbook/contracts/realtime-channels";
import { idText } from "@sportsbook/domain";
import { type LiveStore, marketIdKey, matchKey } from "./live-store";
import type { MatchSnapshot } from "./wire-schemas";

/** Applies one validated realtime event to the live store. */
export function applyEvent(store: LiveStore, e: RealtimeEvent): void {
  switch (e.type) {
    case "markets_changed":
      store.applyMarkets(
        matchKey(e.match_id),
        e.markets.map((m) => ({
          id: marketIdKey(m.id, m.specifier),
          status: MARKET_STATUS_OF[m.status],
          outcomes: m.outcomes.map((o) => ({ id: String(o.id), odds: o.odds, active: o.active })),
        })),
      );
      return;
    case "match_changed":
      if (e.statistics) store.applyMatch(matchKey(e.match_id), { statistics: e.statistics });
      return;
    case "match_status_changed":
      store.applyMatch(matchKey(e.match_id), { status: MATCH_STATUS_OF[e.status] });
      return;
    case "provider_status_changed":
      store.applyProviderStatus(e.provider, e.status === "up");
      return;
    case "tournament_pool_changed":
      store.applyPool(String(e.tournament_id), e.pool_amount);
      return;
    default:
      return;
  }
}

/** Applies a refetched match (after history could not be recovered) to the store. */
export function applySnapshot(store: LiveStore, m: MatchSnapshot): void {
  const id = idText(m.id);
  store.applyMatch(id, {
    status: m.status,
    ...(m.statistics !== undefined ? { statistics: m.statistics } : {}),
  });
  if (m.main_market) applyMarketSnapshot(store, id, [m.main_market]);
}

function applyMarketSnapshot(
  store: LiveStore,
  matchId: string,
  markets: NonNullable<MatchSnapshot["main_market"]>[],
): void {
  store.applyMarkets(
    matchId,
    markets.map((mk) => ({ id: marketIdKey(mk.id, mk.specifier), status: mk.status, outcomes: mk.outcomes })),
  );
}
