import type { Category, Market, Match, Sport, Statistics, Tournament } from "@sportsbook/contracts";
import type {
  categories,
  competitors,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
} from "@sportsbook/db";
import { MATCH_STATUS, marketIdFrom, matchIdFrom, outcomeIdFrom } from "@sportsbook/domain";
import { translate } from "../http/i18n.js";

type SportRow = typeof sports.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;
type MatchRow = typeof matches.$inferSelect;
type CompetitorRow = typeof competitors.$inferSelect;
type MarketRow = typeof markets.$inferSelect;
type OutcomeRow = typeof outcomes.$inferSelect;

export function presentSport(row: SportRow, locale: string): Sport {
  return {
    id: row.id,
    urn_id: row.urnId,
    key: row.key,
    name: translate(row.name, row.translations, locale),
    priority: row.priority,
    type: row.type as Sport["type"],
    provider: row.provider,
  };
}

function sportRef(row: SportRow, locale: string) {
  return {
    id: row.id,
    key: row.key,
    name: translate(row.name, row.translations, locale),
    type: row.type as Sport["type"],
  };
}

function categoryRef(row: CategoryRow, locale: string) {
  return {
    id: row.id,
    slug: row.slug,
    name: translate(row.name, row.translations, locale),
    country_code: row.countryCode,
  };
}

export function presentCategory(row: CategoryRow, sport: SportRow, locale: string): Category {
  return {
    ...categoryRef(row, locale),
    urn_id: row.urnId,
    priority: row.priority,
    sport: sportRef(sport, locale),
  };
}

export function presentTournament(
  row: TournamentRow,
  category: CategoryRow,
  sport: SportRow,
  locale: string,
): Tournament {
  return {
    id: row.id,
    urn_id: row.urnId,
    slug: row.slug,
    name: translate(row.name, row.translations, locale),
    priority: row.priority,
    type: row.type,
    provider: row.provider,
    category: categoryRef(category, locale),
    sport: {
      ...sportRef(sport, locale),
      main_market_id: sport.mainMarketId,
      main_market_outcomes_count: sport.mainMarketOutcomesCount,
      secondary_market_id: sport.secondaryMarketId,
      secondary_market_outcomes_count: sport.secondaryMarketOutcomesCount,
    },
  };
}

export function presentMarket(
  row: MarketRow,
  rowOutcomes: OutcomeRow[],
  match: Pick<MatchRow, "id" | "urnId" | "provider">,
  locale: string,
): Market {
  return {
    id: marketIdFrom(row.marketId),
    match_id: matchIdFrom(match.id),
    match_urn_id: match.urnId,
    name: translate(row.name, row.translations, locale),
    status: row.status,
    specifier: row.specifier,
    outcomes: rowOutcomes.map((o) => ({
      id: outcomeIdFrom(o.outcomeId),
      name: translate(o.name, o.translations, locale),
      active: o.active,
      odds: o.odds,
    })),
    market_groups: row.groupKeys,
    priority: row.priority,
    most_balanced: row.mostBalanced,
    next_bet_stop: row.nextBetStop?.toISOString() ?? null,
    custom_bet_groups: row.customBetGroups,
    provider: match.provider,
  };
}

/** A match with everything its card needs; related rows come from the loader. */
export interface MatchBundle {
  match: MatchRow;
  sport: SportRow;
  category: CategoryRow;
  tournament: TournamentRow;
  home: CompetitorRow | null;
  away: CompetitorRow | null;
  availableMarkets: number;
  bettable: boolean;
  mainMarket: Market | null;
  secondaryMarket: Market | null;
}

function competitorView(row: CompetitorRow | null, locale: string) {
  if (!row) return null;
  return {
    id: row.id,
    urn_id: row.urnId,
    name: translate(row.name, row.translations, locale),
    logo: row.logo,
  };
}

/** The display name of a match: its own (outrights) or "Home vs Away". */
export function matchName(
  match: Pick<MatchRow, "name" | "translations">,
  home: Pick<CompetitorRow, "name" | "translations"> | null,
  away: Pick<CompetitorRow, "name" | "translations"> | null,
  locale: string,
): string {
  if (match.name) return translate(match.name, match.translations, locale);
  const h = home ? translate(home.name, home.translations, locale) : "";
  const a = away ? translate(away.name, away.translations, locale) : "";
  return h && a ? `${h} vs ${a}` : h || a;
}

export function presentMatch(b: MatchBundle, locale: string): Match {
  const m = b.match;
  return {
    id: matchIdFrom(m.id),
    urn_id: m.urnId,
    slug: m.slug,
    type: m.type,
    name: matchName(m, b.home, b.away, locale),
    status: m.status,
    stage: m.stage,
    start_time: m.startTime.toISOString(),
    end_date: m.endDate?.toISOString() ?? null,
    stadium: m.stadium,
    city: m.city,
    competitors: { home: competitorView(b.home, locale), away: competitorView(b.away, locale) },
    available_markets: b.availableMarkets,
    has_video: m.hasVideo,
    provider: m.provider,
    is_live: m.status === MATCH_STATUS.live,
    is_finished: m.status === MATCH_STATUS.finished,
    bettable: b.bettable,
    main_market: b.mainMarket,
    secondary_market: b.secondaryMarket,
    statistics: (m.statistics ?? {}) as Statistics,
    sport: sportRef(b.sport, locale),
    category: categoryRef(b.category, locale),
    tournament: {
      id: b.tournament.id,
      urn_id: b.tournament.urnId,
      slug: b.tournament.slug,
      name: translate(b.tournament.name, b.tournament.translations, locale),
    },
  };
}
