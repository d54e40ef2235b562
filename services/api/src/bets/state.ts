import { competitors, markets, matches, outcomes, sports } from "@sportsbook/db";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { matchName } from "../catalogue/present.js";
import type { AppContext } from "../context.js";
import { translate } from "../http/i18n.js";
import { prepared } from "../statements.js";

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
  const rows = await prepared(ctx, "selection_states", (db) =>
    db
      .select({
        matchId: matches.id,
        matchUrnId: matches.urnId,
        matchSlug: matches.slug,
        matchName: matches.name,
        matchTranslations: matches.translations,
        matchStatus: matches.status,
        startTime: matches.startTime,
        provider: matches.provider,
        sportKey: sports.key,
        marketRowId: markets.id,
        marketId: markets.marketId,
        specifier: markets.specifier,
        marketName: markets.name,
        marketTranslations: markets.translations,
        marketStatus: markets.status,
        customBetGroups: markets.customBetGroups,
        outcomeId: outcomes.outcomeId,
        outcomeName: outcomes.name,
        outcomeTranslations: outcomes.translations,
        odds: outcomes.odds,
        active: outcomes.active,
        homeName: home.name,
        homeTranslations: home.translations,
        awayName: away.name,
        awayTranslations: away.translations,
      })
      .from(outcomes)
      .innerJoin(markets, eq(markets.id, outcomes.marketRowId))
      .innerJoin(matches, eq(matches.id, markets.matchId))
      .innerJoin(sports, eq(sports.id, matches.sportId))
      .leftJoin(home, eq(home.id, matches.homeCompetitorId))
      .leftJoin(away, eq(away.id, matches.awayCompetitorId))
      .where(
        and(
          sql`${matches.id} = any(${sql.placeholder("matchIds")}::bigint[])`,
          sql`(${markets.matchId}, ${markets.marketId}, ${markets.specifier}, ${outcomes.outcomeId}) in (
            select * from unnest(${sql.placeholder("matchIds")}::bigint[], ${sql.placeholder("marketIds")}::integer[],
              ${sql.placeholder("specifiers")}::text[], ${sql.placeholder("outcomeIds")}::text[]))`,
        ),
      )
      .prepare("selection_states"),
  ).execute({
    matchIds: keys.map((k) => k.match_id),
    marketIds: keys.map((k) => k.market_id),
    specifiers: keys.map((k) => k.specifier),
    outcomeIds: keys.map((k) => k.outcome_id),
  });
  for (const r of rows) {
    const competitor = (name: string | null, translations: Record<string, string> | null) =>
      name === null ? null : { name, translations: translations ?? {} };
    out.set(
      selectionKey({
        match_id: r.matchId,
        market_id: r.marketId,
        specifier: r.specifier,
        outcome_id: r.outcomeId,
      }),
      {
        matchId: r.matchId,
        matchUrnId: r.matchUrnId,
        matchSlug: r.matchSlug,
        matchName: matchName(
          { name: r.matchName, translations: r.matchTranslations },
          competitor(r.homeName, r.homeTranslations),
          competitor(r.awayName, r.awayTranslations),
          locale,
        ),
        matchStatus: r.matchStatus,
        startTime: r.startTime,
        sportKey: r.sportKey,
        provider: r.provider,
        marketRowId: r.marketRowId,
        marketName: translate(r.marketName, r.marketTranslations, locale),
        marketStatus: r.marketStatus,
        customBetGroups: r.customBetGroups,
        outcomeName: translate(r.outcomeName, r.outcomeTranslations, locale),
        odds: r.odds,
        active: r.active,
      },
    );
  }
  return out;
}
