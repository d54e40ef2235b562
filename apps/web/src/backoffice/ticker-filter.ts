import type { BetTickerEvent } from "@sportsbook/contracts/bet-ticker";
import { parseAmount } from "@sportsbook/domain";

/** What the trader narrows the ticker to; empty fields let everything through. */
export interface TickerFilter {
  sportId: string;
  matchId: string;
  playerId: string;
  /** Typed in the bet's currency's major units ("50" is 50.00 EUR). */
  stakeAbove: string;
  liveOnly: boolean;
}

export const NO_FILTER: TickerFilter = {
  sportId: "",
  matchId: "",
  playerId: "",
  stakeAbove: "",
  liveOnly: false,
};

/** Whether a ticker entry passes the filter; a stake bound that does not read as an amount is ignored. */
export function passes(e: BetTickerEvent, f: TickerFilter): boolean {
  if (f.sportId && !e.legs.some((l) => String(l.sport_id) === f.sportId)) return false;
  if (f.matchId && !e.legs.some((l) => String(l.match_id) === f.matchId)) return false;
  if (f.playerId.trim() && String(e.player_id) !== f.playerId.trim()) return false;
  if (f.liveOnly && !e.legs.some((l) => l.live)) return false;
  if (f.stakeAbove.trim()) {
    const bound = parseAmount(f.stakeAbove, { code: e.currency, subunits: e.subunits, fiat: true });
    if (bound.ok && e.stake <= bound.value.amount) return false;
  }
  return true;
}

/** Whether the stake bound as typed reads as no amount at all (told to the trader, not applied). */
export function stakeBoundUnreadable(stakeAbove: string): boolean {
  if (!stakeAbove.trim()) return false;
  // the most decimals any listed currency has; a bound finer than a bet's own currency still compares
  return !parseAmount(stakeAbove, { code: "XXX", subunits: 8, fiat: false }).ok;
}
