import { matches, sports } from "@sportsbook/db";
import {
  fairProbabilities,
  fitScoreState,
  halfLine,
  isMarketOpen,
  jointProbability,
  ODDS_SCALE,
  oddsForProbability,
  type ScoreLeg,
  scoreDistribution,
  scoreLeg,
} from "@sportsbook/domain";
import { eq } from "drizzle-orm";
import { type LoadedMarket, loadMarkets } from "../catalogue/matches.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";

/** Why the builder gives no price. */
export type BuilderRefusal = "not_priceable" | "impossible" | "no_market_to_fit";

export type BuilderPrice = { ok: true; odds: number } | { ok: false; reason: BuilderRefusal };

interface Leg {
  market_id: number;
  specifier: string;
  outcome_id: string;
}

const open = (m: LoadedMarket) =>
  isMarketOpen(m.row.status) && m.outcomes.every((o) => o.active && o.odds > ODDS_SCALE);

/**
 * The total line the score model is fitted to: the open half line nearest even money above the goals
 * already scored. Quarter and whole lines are left out: their bets can be refunded in whole or in
 * half, so their fair price is not the probability of more goals than the line.
 */
export function fittingTotal(
  totals: readonly {
    row: { specifier: string };
    outcomes: readonly { outcomeId: string; odds: number }[];
  }[],
  scored: number,
): { line: number; pOver: number } | undefined {
  const lines = totals.flatMap((m) => {
    const line = halfLine(m.row.specifier, "total");
    const over = m.outcomes.find((o) => o.outcomeId === "12");
    const under = m.outcomes.find((o) => o.outcomeId === "13");
    if (m.outcomes.length !== 2 || !over || !under || line === undefined || line <= scored) return [];
    const [pOver] = fairProbabilities([over.odds, under.odds]);
    return pOver === undefined ? [] : [{ line, pOver }];
  });
  return lines.sort((a, b) => Math.abs(a.pOver - 0.5) - Math.abs(b.pOver - 0.5))[0];
}

/**
 * The bet-builder price of legs of one soccer match: the probability they all win together under
 * the score model, its rates read from the match's own open 1x2 and most balanced total line, with
 * the operator's margin. Legs the model cannot decide from a final score are refused, and so are
 * legs that cannot win together.
 */
export async function builderPrice(
  ctx: AppContext,
  matchId: number,
  legs: readonly Leg[],
): Promise<BuilderPrice> {
  const [match] = await ctx.db
    .select({ statistics: matches.statistics, sportKey: sports.key })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .where(eq(matches.id, matchId));
  if (match?.sportKey !== "soccer") return { ok: false, reason: "not_priceable" };
  const wins: ScoreLeg[] = [];
  for (const l of legs) {
    const win = scoreLeg(l.market_id, l.specifier, l.outcome_id);
    if (!win) return { ok: false, reason: "not_priceable" };
    wins.push(win);
  }
  const score = (match.statistics as { total_score?: { home?: number; away?: number } }).total_score;
  const now = { home: score?.home ?? 0, away: score?.away ?? 0 };
  const book = (await loadMarkets(ctx, [matchId], { marketIds: [1, 18] })).get(matchId) ?? [];
  const threeWay = book.find((m) => m.row.marketId === 1 && open(m));
  const total = fittingTotal(
    book.filter((m) => m.row.marketId === 18 && open(m)),
    now.home + now.away,
  );
  const outcome = (id: string) => threeWay?.outcomes.find((o) => o.outcomeId === id)?.odds;
  const [h, d, a] = [outcome("1"), outcome("2"), outcome("3")];
  if (!h || !d || !a || !total) return { ok: false, reason: "no_market_to_fit" };
  const [pHome = 0, , pAway = 0] = fairProbabilities([h, d, a]);
  const state = fitScoreState(now, { home: pHome, away: pAway, line: total.line, over: total.pOver });
  if (!state) return { ok: false, reason: "no_market_to_fit" };
  const odds = oddsForProbability(
    jointProbability(scoreDistribution(state), wins),
    ctx.settings.builderMargin,
  );
  return odds === undefined ? { ok: false, reason: "impossible" } : { ok: true, odds };
}

const REFUSAL_MESSAGES: Record<BuilderRefusal, string> = {
  not_priceable: "the bet builder cannot price these selections together",
  impossible: "these selections cannot all win together",
  no_market_to_fit: "the bet builder has no price for this match right now",
};

/** The catalogue error of a refused builder price (SPEC §5: not combinable). */
export function builderRefusal(reason: BuilderRefusal): ApiError {
  return new ApiError("notCombinable", {
    details: [{ field: "body.selections", message: REFUSAL_MESSAGES[reason] }],
    data: { reason },
  });
}
