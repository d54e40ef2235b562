import { MAX_ODDS, ODDS_SCALE } from "@sportsbook/domain";
import type { DecodeResult } from "./decode-result.js";

/** The warning counted (and logged once per provider) for a price the book cannot hold. */
export const PRICE_ABOVE_MAXIMUM = `price above the maximum odds (${MAX_ODDS / ODDS_SCALE}); outcome taken as unpriced`;

/**
 * Takes a price beyond what the book stores as no price: the outcome stays in its market, inactive,
 * so one absurd quote (a long shot priced from a vanishing probability) neither reaches a bet nor
 * costs the message its other prices.
 */
export function withinPriceBounds(result: DecodeResult): DecodeResult {
  if (!result.ok) return result;
  let capped = 0;
  for (const e of result.events) {
    if (e.kind !== "odds_change") continue;
    for (const m of e.markets)
      for (const o of m.outcomes)
        if (o.odds !== null && o.odds > MAX_ODDS) {
          o.odds = null;
          o.active = false;
          capped++;
        }
  }
  if (capped === 0) return result;
  return { ...result, warnings: [...result.warnings, ...Array(capped).fill(PRICE_ABOVE_MAXIMUM)] };
}
