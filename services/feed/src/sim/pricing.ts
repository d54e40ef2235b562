import { MARKET_STATUS } from "@sportsbook/domain";
import type { MarketOdds, MarketStatus, SettledOutcome } from "../model.js";

/** A priced market together with the fair probabilities its odds were made from (for checks). */
export interface PricedMarket {
  market: MarketOdds;
  /** Fair implied probability per outcome, same order as `market.outcomes`; sums to 1. */
  fair: number[];
}

export const MIN_ODDS = 1010;
export const MAX_ODDS = 500_000;

/** Rounds decimal odds down to the usual price ladder (0.01 / 0.05 / 0.1 / 1 steps), never up. */
export function ladder(decimal: number): number {
  const x = Math.round(decimal * 1e6) / 1000;
  const step = x < 5000 ? 10 : x < 10000 ? 50 : x < 50000 ? 100 : 1000;
  return Math.min(MAX_ODDS, Math.floor(x / step) * step);
}

export interface PriceOptions {
  /** Markets with many long shots (correct score, outrights) stay open with capped prices. */
  longShots?: boolean;
  status?: MarketStatus;
}

/**
 * Prices outcomes from fair implied probabilities with a proportional margin: every implied
 * probability is scaled by (1 + margin), then odds are rounded down. A market whose favourite is
 * close to certain is switched inactive (status 0) instead of quoting 1.00.
 */
export function priceMarket(
  id: number,
  specifiers: string,
  outcomes: { id: string; q: number }[],
  margin: number,
  options: PriceOptions = {},
): PricedMarket {
  const total = outcomes.reduce((s, o) => s + o.q, 0);
  if (total <= 1e-12) {
    // nothing can win any more (every result is a refund): nothing to offer
    return {
      market: {
        id,
        specifiers,
        status: MARKET_STATUS.inactive,
        outcomes: outcomes.map((o) => ({ id: o.id, odds: null, active: false })),
      },
      fair: outcomes.map(() => 1 / outcomes.length),
    };
  }
  // plain loops: this runs for every market of every live match every few seconds of match time
  const fair = new Array<number>(outcomes.length);
  let max = 0;
  let min = 1;
  for (let i = 0; i < outcomes.length; i++) {
    const q = (outcomes[i]?.q ?? 0) / total;
    fair[i] = q;
    if (q > max) max = q;
    if (q > 0 && q < min) min = q;
  }
  const lopsided = max > 0.96 || (!options.longShots && min < 0.004);
  let status: MarketStatus = options.status ?? (lopsided ? MARKET_STATUS.inactive : MARKET_STATUS.allowed);
  const priced = new Array<{ id: string; odds: number | null; active: boolean }>(outcomes.length);
  for (let i = 0; i < outcomes.length; i++) {
    const id = outcomes[i]?.id ?? "";
    const q = fair[i] ?? 0;
    if (q <= 1e-9) {
      priced[i] = { id, odds: null, active: false };
      continue;
    }
    const odds = ladder(1 / (q * (1 + margin)));
    if (odds < MIN_ODDS) status = MARKET_STATUS.inactive;
    priced[i] = { id, odds: Math.max(odds, MIN_ODDS), active: true };
  }
  return { market: { id, specifiers, status, outcomes: priced }, fair };
}

export type LineResult = "win" | "push" | "lose";

function half(diff: number): LineResult {
  return diff > 1e-9 ? "win" : diff < -1e-9 ? "lose" : "push";
}

/**
 * Settles one side of a line market (handicap or total) from its margin over the line, e.g.
 * home goals − away goals + hcp. Quarter lines are two half stakes on the neighbouring lines,
 * which is where half wins and half losses come from.
 */
export function settleLine(diffPlusLine: number, line: number): Omit<SettledOutcome, "id"> {
  const quarter = Math.abs((line * 4) % 2) === 1;
  if (!quarter) {
    const r = half(diffPlusLine);
    return r === "win" ? { result: 1 } : r === "lose" ? { result: 0 } : { result: 0, voidFactor: 1 };
  }
  const a = half(diffPlusLine - 0.25);
  const b = half(diffPlusLine + 0.25);
  const wins = [a, b].filter((r) => r === "win").length;
  const pushes = [a, b].filter((r) => r === "push").length;
  if (wins === 2) return { result: 1 };
  if (wins === 1 && pushes === 1) return { result: 1, voidFactor: 0.5 };
  if (pushes === 1) return { result: 0, voidFactor: 0.5 };
  return { result: 0 };
}
