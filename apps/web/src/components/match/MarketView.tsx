import type { Market, Match } from "../../lib/catalog-schemas";
import { marketIdKey } from "../../live/live-store";
import { OutcomeCell } from "../../live/OutcomeCell";
import { matchPickOf } from "../ticket/pick";

/** One market of a match with its outcomes, each a live, bettable price. */
export function MarketView({ match, market }: { match: Match; market: Market }) {
  const id = String(match.id);
  const pickMatch = matchPickOf(match);
  return (
    <div className="market" data-market={market.id}>
      <h3>{market.name}</h3>
      <div className="outcomes">
        {market.outcomes.map((o) => (
          <OutcomeCell
            key={o.id}
            matchId={id}
            marketId={marketIdKey(market.id, market.specifier)}
            outcomeId={o.id}
            name={o.name}
            odds={o.odds}
            active={o.active}
            marketStatus={market.status}
            matchStatus={match.status}
            pick={{
              match: pickMatch,
              marketId: market.id,
              specifier: market.specifier,
              marketName: market.name,
            }}
          />
        ))}
      </div>
    </div>
  );
}
