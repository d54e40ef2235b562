import type { PlacedBet } from "@sportsbook/contracts/http/bets";
import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import {
  type BetListFilter,
  type BetResultFilter,
  betListChange,
  matchesBetListFilter,
  matchesBetResultFilter,
} from "@sportsbook/domain";

type BetChanged = Extract<RealtimeEvent, { type: "bet_changed" }>;
type CashoutChanged = Extract<RealtimeEvent, { type: "bet_cashout_changed" }>;

/**
 * A `bet_changed` event applied to the player's bets (SPEC §4): status, result and paid amount
 * update in place; a VIP bet that becomes rejected leaves the list. `known` is false for a bet the
 * list has not seen (placed elsewhere): the list must be read again.
 */
export function applyBetChanged(
  bets: readonly PlacedBet[],
  e: BetChanged,
): { bets: PlacedBet[]; known: boolean } {
  const id = e.bet_id;
  const bet = bets.find((b) => b.id === id);
  if (!bet) return { bets: [...bets], known: false };
  if (betListChange(e.status, bet.is_vip) === "remove")
    return { bets: bets.filter((b) => b.id !== id), known: true };
  return {
    known: true,
    bets: bets.map((b) =>
      b.id === id
        ? {
            ...b,
            status: e.status,
            ...(e.result ? { result: e.result } : {}),
            ...(e.win_amount != null ? { win_amount: { ...b.stake, value: e.win_amount } } : {}),
            // A settled bet has nothing left to cash out.
            ...(e.status === "waiting_results" ? {} : { to_cashout: null }),
          }
        : b,
    ),
  };
}

/** A `bet_cashout_changed` event: the bet's current cashout offer, or none. */
export function applyCashoutChanged(bets: readonly PlacedBet[], e: CashoutChanged): PlacedBet[] {
  const id = e.bet_id;
  return bets.map((b) =>
    b.id === id
      ? { ...b, to_cashout: e.to_cashout === null ? null : { ...b.stake, value: e.to_cashout } }
      : b,
  );
}

/** The bets a list and result filter show (SPEC §4 bet list filters), newest first. */
export function filterBets(
  bets: readonly PlacedBet[],
  list: BetListFilter,
  result: BetResultFilter,
): PlacedBet[] {
  return bets
    .filter((b) => matchesBetListFilter(b.status, list) && matchesBetResultFilter(b.result, result))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}
