import { sql } from "drizzle-orm";
import { matchName } from "../catalogue/present.js";
import type { AppContext } from "../context.js";
import { translate } from "../http/i18n.js";
import { prepared } from "../statements.js";
import {
  type PlacementContext,
  type RiskProfile,
  type SelectionKey,
  type SelectionState,
  selectionKey,
} from "./placement-inputs.js";

/** A `selection_states` row as JSON (both readers aggregate the rows with `json_agg`). */
interface StateRow {
  match_id: number;
  match_urn_id: string;
  match_slug: string;
  match_name: string | null;
  match_translations: Record<string, string>;
  match_status: number;
  start_time: string;
  provider: string;
  sport_key: string;
  market_row_id: number;
  market_id: number;
  specifier: string;
  market_name: string;
  market_translations: Record<string, string>;
  market_status: number;
  custom_bet_groups: string[];
  outcome_id: string;
  outcome_name: string;
  outcome_translations: Record<string, string>;
  odds: number;
  active: boolean;
  home_name: string | null;
  home_translations: Record<string, string> | null;
  away_name: string | null;
  away_translations: Record<string, string> | null;
  sport_id: number;
  sport_name: string;
}

function statesByKey(rows: StateRow[], locale: string): Map<string, SelectionState> {
  const out = new Map<string, SelectionState>();
  const competitor = (name: string | null, translations: Record<string, string> | null) =>
    name === null ? null : { name, translations: translations ?? {} };
  for (const r of rows) {
    out.set(
      selectionKey({
        match_id: r.match_id,
        market_id: r.market_id,
        specifier: r.specifier,
        outcome_id: r.outcome_id,
      }),
      {
        matchId: r.match_id,
        matchUrnId: r.match_urn_id,
        matchSlug: r.match_slug,
        matchName: matchName(
          { name: r.match_name, translations: r.match_translations },
          competitor(r.home_name, r.home_translations),
          competitor(r.away_name, r.away_translations),
          locale,
        ),
        storedMatchName: matchName(
          { name: r.match_name, translations: {} },
          competitor(r.home_name, null),
          competitor(r.away_name, null),
          locale,
        ),
        matchStatus: r.match_status,
        startTime: new Date(r.start_time),
        sportKey: r.sport_key,
        sportId: Number(r.sport_id),
        sportName: r.sport_name,
        provider: r.provider,
        marketRowId: r.market_row_id,
        marketName: translate(r.market_name, r.market_translations, locale),
        marketStatus: r.market_status,
        customBetGroups: r.custom_bet_groups,
        outcomeName: translate(r.outcome_name, r.outcome_translations, locale),
        odds: r.odds,
        active: r.active,
      },
    );
  }
  return out;
}

/** A `player_risk_profiles` row as `bet_placement_context` answers it (JSON). */
export interface RiskRow {
  stake_factor: number;
  max_stake: number | string | null;
  betting_blocked: boolean;
  live_betting_blocked: boolean;
  cashout_blocked: boolean;
}

export function riskProfileOf(r: RiskRow): RiskProfile {
  return {
    stakeFactor: Number(r.stake_factor),
    maxStake: r.max_stake === null ? null : Number(r.max_stake),
    bettingBlocked: r.betting_blocked,
    liveBettingBlocked: r.live_betting_blocked,
    cashoutBlocked: r.cashout_blocked,
  };
}

/** The slip's keys as the array arguments both functions take, bound by `keyArguments`. */
const keyParameters = sql`${sql.placeholder("matchIds")}::bigint[], ${sql.placeholder("marketIds")}::integer[],
  ${sql.placeholder("specifiers")}::text[], ${sql.placeholder("outcomeIds")}::text[]`;

const keyArguments = (keys: SelectionKey[]) => ({
  matchIds: keys.map((k) => k.match_id),
  marketIds: keys.map((k) => k.market_id),
  specifiers: keys.map((k) => k.specifier),
  outcomeIds: keys.map((k) => k.outcome_id),
});

/**
 * Loads the current state of every selection in one call of `selection_states` (migrations 0007 and 0017,
 * planned once per connection); unknown selections are absent from the map.
 */
export async function loadSelectionStates(
  ctx: AppContext,
  keys: SelectionKey[],
  locale: string,
): Promise<Map<string, SelectionState>> {
  if (keys.length === 0) return new Map();
  const [row] = await prepared(ctx, "selection_states", (db) =>
    db
      .select({ states: sql<StateRow[]>`coalesce(json_agg(s), '[]')` })
      .from(sql`selection_states(${keyParameters}) s`)
      .prepare("selection_states"),
  ).execute(keyArguments(keys));
  return statesByKey(row?.states ?? [], locale);
}

/** The session behind a token hash with the player's accounts and the slip's selections: one round trip. */
export async function loadPlacementContext(
  ctx: AppContext,
  tokenHash: string,
  keys: SelectionKey[],
  locale: string,
): Promise<PlacementContext> {
  const [row] = await prepared(ctx, "bet_placement_context", (db) =>
    db
      .select({
        playerId: sql<number | string>`c.player_id`,
        status: sql<string>`c.player_status`,
        isVip: sql<boolean>`c.player_is_vip`,
        csrfToken: sql<string>`c.csrf_token`,
        expiresAt: sql<Date | string>`c.expires_at`,
        accounts: sql<{ id: number; currency: string; balance: number }[]>`c.accounts`,
        mode: sql<string | null>`c.odds_accept_mode`,
        limited: sql<boolean>`c.limited`,
        states: sql<StateRow[]>`c.states`,
        risk: sql<RiskRow | null>`c.risk`,
      })
      .from(sql`bet_placement_context(${sql.placeholder("tokenHash")}::text, ${keyParameters}) c`)
      .prepare("bet_placement_context"),
  ).execute({ tokenHash, ...keyArguments(keys) });
  if (!row)
    return {
      session: undefined,
      accounts: new Map(),
      mode: null,
      limited: false,
      risk: null,
      states: new Map(),
    };
  return {
    session: {
      playerId: Number(row.playerId),
      status: row.status,
      isVip: row.isVip,
      csrfToken: row.csrfToken,
      expiresAt: new Date(row.expiresAt),
    },
    accounts: new Map(
      row.accounts.map((a) => [a.currency, { id: Number(a.id), balance: Number(a.balance) }]),
    ),
    mode: row.mode,
    limited: row.limited,
    risk: row.risk === null ? null : riskProfileOf(row.risk),
    states: statesByKey(row.states, locale),
  };
}
