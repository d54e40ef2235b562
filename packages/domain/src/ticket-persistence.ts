import { isFreebet, type SlipBonus, type TicketBet } from "./bet.js";
import { convertStake } from "./currency-rates.js";
import type { Currency, ExchangeRate } from "./money.js";
import type { StoredTicketBet } from "./ticket-state.js";

/** What the slip keeps in session storage: its bets (SPEC §3 storage). */
export interface TicketSnapshot {
  readonly bets: readonly TicketBet[];
}

/** Older snapshots kept one freebet object; bets always carry a list now (SPEC §4 persistence). */
export function normalizeStoredBonuses(bet: StoredTicketBet): TicketBet {
  const raw = bet.availableBonuses;
  const availableBonuses: readonly SlipBonus[] =
    raw == null ? [] : Array.isArray(raw) ? raw : [raw as SlipBonus];
  return { ...bet, availableBonuses };
}

/**
 * A restored bet in the player's currency (SPEC §4 persistence): a bet saved in another currency has
 * its stake (and wanted win) converted and rounded to the stake step; its freebet, tied to the old
 * currency, is dropped. Without a known rate or currency the stake starts again from 0.
 */
export function restoreBetCurrency(
  stored: StoredTicketBet,
  target: Currency,
  currencies: readonly Currency[],
  rates: readonly ExchangeRate[],
): TicketBet {
  const bet = normalizeStoredBonuses(stored);
  if (bet.currency === target.code) return bet;
  const from = currencies.find((c) => c.code === bet.currency);
  const stake = from ? convertStake(bet.stake, from, target, rates) : undefined;
  const win =
    from && bet.potentialWin !== undefined ? convertStake(bet.potentialWin, from, target, rates) : undefined;
  const { bonus, potentialWin: _old, ...rest } = bet;
  const keepBonus = bonus && !isFreebet(bonus.bonusType) ? { bonus } : {};
  return {
    ...rest,
    ...keepBonus,
    ...(win === undefined ? {} : { potentialWin: win }),
    availableBonuses: bet.availableBonuses.filter((b) => !isFreebet(b.bonusType)),
    freebetStake: 0,
    currency: target.code,
    stake: stake ?? 0,
    stakeSource: win === undefined && bet.stakeSource === "potentialWin" ? "stake" : bet.stakeSource,
  };
}
