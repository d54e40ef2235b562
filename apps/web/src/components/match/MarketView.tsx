import { idText } from "@sportsbook/domain";
import type { Market, Match } from "../../lib/catalog-schemas";
import { marketIdKey } from "../../live/live-store";
import { OutcomeCell } from "../price/OutcomeCell";
import { PriceGrid } from "../price/PriceGrid";
import { matchPickOf } from "../ticket/pick";
import styles from "./MarketView.module.css";

/** One market of a match with its outcomes, each a live, bettable price. */
export function MarketView({ match, market }: { match: Match; market: Market }) {
  const id = idText(match.id);
  const pickMatch = matchPickOf(match);
  return (
    <div className={styles.market} data-market={market.id}>
      <h3>{market.name}</h3>
      <PriceGrid>
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
            stacked
            pick={{
              match: pickMatch,
              marketId: market.id,
              specifier: market.specifier,
              marketName: market.name,
            }}
          />
        ))}
      </PriceGrid>
    </div>
  );
}
