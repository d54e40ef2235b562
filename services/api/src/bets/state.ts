import { competitors, markets, matches, outcomes, sports } from "@sportsbook/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { matchName } from "../catalogue/present.js";
import type { AppContext } from "../context.js";
import { translate } from "../http/i18n.js";

/** How the slip names a selection: the outcome of a market of a match. */
export interface SelectionKey {
  match_id: number;
  market_id: number;
  specifier: string;
  outcome_id: string;
}

/** The current state of a selection's match, market and outcome. */
export interface SelectionState {
  matchId: number;
  matchUrnId: string;
  matchSlug: string;
  matchName: string;
  matchStatus: number;
  startTime: Date;
  sportKey: string;
  provider: string;
  marketRowId: number;
  marketName: string;
  marketStatus: number;
  customBetGroups: string[];
  outcomeName: string;
  odds: number;
  active: boolean;
}

export const selectionKey = (s: SelectionKey): string =>
  `${s.match_id}|${s.market_id}|${s.specifier}|${s.outcome_id}`;

const home = alias(competitors, "home");
const away = alias(competitors, "away");

/** Loads the current state of every selection in one query; unknown selections are absent from the map. */
export async function loadSelectionStates(
  ctx: AppContext,
  keys: SelectionKey[],
  locale: string,
): Promise<Map<string, SelectionState>> {
  const out = new Map<string, SelectionState>();
  if (keys.length === 0) return out;
  const tuples = sql.join(
    keys.map(
      (k) =>
        sql`(${k.match_id}::bigint, ${k.market_id}::integer, ${k.specifier}::text, ${k.outcome_id}::text)`,
    ),
    sql`, `,
  );
  const rows = await ctx.db
    .select({ match: matches, sportKey: sports.key, market: markets, outcome: outcomes, home, away })
    .from(outcomes)
    .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
    .innerJoin(matches, eq(matches.id, markets.matchId))
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .leftJoin(home, eq(home.id, matches.homeCompetitorId))
    .leftJoin(away, eq(away.id, matches.awayCompetitorId))
    .where(
      and(
        inArray(
          matches.id,
          keys.map((k) => k.match_id),
        ),
        sql`(${markets.matchId}, ${markets.marketId}, ${markets.specifier}, ${outcomes.outcomeId}) in (${tuples})`,
      ),
    );
  for (const r of rows) {
    out.set(
      selectionKey({
        match_id: r.match.id,
        market_id: r.market.marketId,
        specifier: r.market.specifier,
        outcome_id: r.outcome.outcomeId,
      }),
      {
        matchId: r.match.id,
        matchUrnId: r.match.urnId,
        matchSlug: r.match.slug,
        matchName: matchName(r.match, r.home, r.away, locale),
        matchStatus: r.match.status,
        startTime: r.match.startTime,
        sportKey: r.sportKey,
        provider: r.match.provider,
        marketRowId: r.market.id,
        marketName: translate(r.market.name, r.market.translations, locale),
        marketStatus: r.market.status,
        customBetGroups: r.market.customBetGroups,
        outcomeName: translate(r.outcome.name, r.outcome.translations, locale),
        odds: r.outcome.odds,
        active: r.outcome.active,
      },
    );
  }
  return out;
}
