import type { SlipSelection, TicketBet } from "./bet.js";
import { isMarketOpen, isMarketOver, isMatchAvailable } from "./match-status.js";
import type { Odds } from "./odds.js";

/** One market of a match as a refresh delivers it. */
export interface MarketUpdate {
  readonly marketId: string;
  readonly specifier: string;
  readonly status: number;
  readonly outcomes: readonly { readonly id: string; readonly active: boolean; readonly odds: Odds }[];
}

/** How odds changes are accepted: none flags any change, higher flags only drops, any accepts all. */
export type OddsPolicy = "none" | "higher" | "any";

/**
 * True when a price may replace the one the player accepted without asking (SPEC §4): any change
 * under "any", a rise (or no change) under "higher", no change under "none". The server applies
 * the same rule when a bet arrives with odds that moved.
 */
export function isOddsChangeAccepted(policy: OddsPolicy, acceptedOdds: Odds, currentOdds: Odds): boolean {
  if (currentOdds === acceptedOdds || policy === "any") return true;
  return policy === "higher" && currentOdds > acceptedOdds;
}

/** Applies a new price under the odds-change policy (SPEC §4 odds refresh). */
export function repriceSelection(s: SlipSelection, odds: Odds, policy: OddsPolicy): SlipSelection {
  if (isOddsChangeAccepted(policy, s.acceptedOdds, odds))
    return { ...s, odds, acceptedOdds: odds, isChanged: false };
  return { ...s, odds, isChanged: odds !== s.acceptedOdds };
}

/**
 * Refreshes the selections of one match from its full list of markets (SPEC §4 odds refresh): a
 * selection whose market or outcome is missing or inactive is suspended; the others are repriced.
 */
export function applyMarketUpdates(
  selections: readonly SlipSelection[],
  matchId: string,
  markets: readonly MarketUpdate[],
  policy: OddsPolicy,
): SlipSelection[] {
  return selections.map((s) => {
    if (s.matchId !== matchId) return s;
    const market = markets.find((m) => m.marketId === s.marketId && m.specifier === s.specifier);
    const outcome = market?.outcomes.find((o) => o.id === s.outcomeId);
    // a pick follows its market to the end: once the market is over it is no longer available
    if (market && isMarketOver(market.status))
      return { ...s, isSuspended: false, active: false, marketClosed: true, isNotAvailable: true };
    if (!market || !outcome?.active || !isMarketOpen(market.status)) {
      return { ...s, isSuspended: true, active: false };
    }
    return repriceSelection({ ...s, isSuspended: false, active: true }, outcome.odds, policy);
  });
}

/**
 * Marks selections unavailable when their market is over, their match stopped or their provider is
 * switched off (SPEC §4).
 */
export function withAvailability(
  s: SlipSelection,
  providerStatuses: Readonly<Record<string, boolean>>,
): SlipSelection {
  const isNotAvailable =
    s.marketClosed === true || !isMatchAvailable(s.matchStatus) || providerStatuses[s.provider] === false;
  return s.isNotAvailable === isNotAvailable ? s : { ...s, isNotAvailable };
}

/** Applies a selection change to every bet. */
export function mapSelections(
  bets: readonly TicketBet[],
  change: (selections: readonly SlipSelection[]) => SlipSelection[],
): TicketBet[] {
  return bets.map((b) => ({ ...b, selections: change(b.selections) }));
}

/** True when any selection has an odds change waiting for acceptance. */
export function hasChangedOdds(bets: readonly TicketBet[]): boolean {
  return bets.some((b) => b.selections.some((s) => s.isChanged));
}

/**
 * Accepting changes (SPEC §4): suspended and unavailable selections are dropped, flags reset and the
 * current prices become the accepted ones; a custom bet is dropped unless its match is prematch or live.
 */
export function acceptOddsChanges(bets: readonly TicketBet[]): TicketBet[] {
  return bets
    .filter((b) => b.betType !== "custom_bet" || b.selections.every((s) => isMatchAvailable(s.matchStatus)))
    .map((b) => ({
      ...b,
      selections: b.selections
        .filter((s) => !s.isSuspended && !s.isNotAvailable)
        .map((s) => ({ ...s, acceptedOdds: s.odds, isChanged: false })),
    }));
}
