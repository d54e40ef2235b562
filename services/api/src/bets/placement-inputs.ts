// What a placement decides with, as plain data: the readers in `state.ts` fill it, the placement
// memory keeps it, and the decision reads it.

import type { Odds, SlipSelection } from "@sportsbook/domain";

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
  /** The name as stored, in no player's language: what the staff see. */
  storedMatchName: string;
  matchStatus: number;
  startTime: Date;
  sportKey: string;
  sportId: number;
  sportName: string;
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

/** A selection at its current state as the domain's slip rules read it; `id` is its position in the bet. */
export function asSlipSelection(state: SelectionState, key: SelectionKey, position: number): SlipSelection {
  const odds = state.odds as Odds;
  return {
    id: String(position),
    matchId: String(state.matchId),
    matchStatus: state.matchStatus,
    marketId: String(key.market_id),
    specifier: key.specifier,
    outcomeId: key.outcome_id,
    odds,
    acceptedOdds: odds,
    initialOdds: odds,
    provider: state.provider,
    active: true,
    isSuspended: false,
    isChanged: false,
    isNotAvailable: false,
  };
}

/** The session a placement comes with, as `bet_placement_context` found it. */
export interface PlacementSession {
  playerId: number;
  status: string;
  isVip: boolean;
  csrfToken: string;
  expiresAt: Date;
}

/** Everything a placement decides with (see `bet_placement_context`, migration 0007). */
export interface PlacementContext {
  /** Undefined when the token names no session or a revoked one. */
  session: PlacementSession | undefined;
  accounts: Map<string, { id: number; balance: number }>;
  mode: string | null;
  /** Whether limits are in force (active or confirmed), so the stake must pass them. */
  limited: boolean;
  /** The player's risk profile, none when the book's defaults apply. */
  risk: RiskProfile | null;
  states: Map<string, SelectionState>;
}

/** A trader's risk profile of a player (`player_risk_profiles`), as placement applies it. */
export interface RiskProfile {
  /** ×1000, 10–10000: scales the largest stake the book takes (its payout cap). */
  stakeFactor: number;
  /** Minor units; none: only the payout cap limits the stake. */
  maxStake: number | null;
  bettingBlocked: boolean;
  liveBettingBlocked: boolean;
  cashoutBlocked: boolean;
}
