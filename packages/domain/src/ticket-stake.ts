import type { StakeSource, TicketBet } from "./bet.js";
import { effectiveStake } from "./bet.js";
import { bonusBetReturn } from "./bonus-payout.js";
import { type Currency, roundStake } from "./money.js";
import { potentialReturn, returnMultiplier, systemLeastReturn, systemLineStake } from "./returns.js";
import { systemLineCount } from "./system.js";

/** What a slip bet returns if everything wins, in minor units, with the cap applied. */
export function ticketBetPayout(bet: TicketBet, maxPayout?: number): number {
  if (bet.betType === "system" && bet.systemType?.totalCount !== bet.selections.length) return 0;
  return potentialReturn({
    betType: bet.betType,
    stake: effectiveStake(bet),
    odds: bet.selections.map((s) => s.odds),
    systemType: bet.systemType,
    customOdds: bet.customOdds,
    bonusOdds: bet.bonusOdds,
    maxPayout,
  });
}

/**
 * What the player is paid if everything wins: the payout, less the stake a freebet keeps back
 * (a bet is judged on its payout, `ticketBetPayout`; this is what the slip shows).
 */
export function ticketBetReturn(bet: TicketBet, maxPayout?: number): number {
  const payout = ticketBetPayout(bet, maxPayout);
  return bonusBetReturn(bet.bonus?.bonusType, { result: "win_entire", payout }, effectiveStake(bet)).cash;
}

/**
 * The stake that returns a wanted win at the bet's current odds, rounded to the currency's stake step
 * (0 when the bet has no price yet).
 */
export function stakeForPotentialWin(bet: TicketBet, potentialWin: number, currency: Currency): number {
  if (bet.betType === "system" && bet.systemType?.totalCount !== bet.selections.length) return 0;
  const rate = returnMultiplier({
    betType: bet.betType,
    odds: bet.selections.map((s) => s.odds),
    systemType: bet.systemType,
    customOdds: bet.customOdds,
    bonusOdds: bet.bonusOdds,
  });
  if (rate.n === 0n) return 0;
  // The exact stake is taken up to a whole minor unit (so it reaches the win when the step is one
  // unit), then rounded to the stake step like any typed stake.
  return roundStake((BigInt(potentialWin) * rate.d + rate.n - 1n) / rate.n, currency);
}

/**
 * Sets a bet's stake from the player's input: the stake itself, a wanted potential win (the stake
 * follows it and is rescaled after odds changes), or a shared bet's stake.
 */
export function setTicketStake(
  bet: TicketBet,
  amount: number,
  source: StakeSource,
  currency: Currency,
): TicketBet {
  const { potentialWin: _previous, ...rest } = bet;
  if (source === "potentialWin") {
    return {
      ...rest,
      stakeSource: source,
      potentialWin: amount,
      stake: stakeForPotentialWin(bet, amount, currency),
    };
  }
  return { ...rest, stakeSource: source, stake: roundStake(BigInt(amount), currency) };
}

/** With stake source potentialWin the stake is rescaled after an odds change (SPEC §4). */
export function rescaleStake(bet: TicketBet, currency: Currency): TicketBet {
  if (bet.stakeSource !== "potentialWin" || bet.potentialWin === undefined) return bet;
  return { ...bet, stake: stakeForPotentialWin(bet, bet.potentialWin, currency) };
}

/** Changing currency resets stake to 0 and stake source to sharing (SPEC §4). */
export function resetStakeForCurrency(bet: TicketBet, currency: string): TicketBet {
  const { potentialWin: _dropped, ...rest } = bet;
  return { ...rest, currency, stake: 0, stakeSource: "sharing" };
}

/** What a player reads of a system bet: its lines, the stake of each, and the return from one line to all. */
export interface SystemFigures {
  readonly lines: number;
  readonly lineStake: number;
  /** Exactly the system's win count of selections win, the lowest-priced ones: one line pays. */
  readonly least: number;
  /** Every selection wins (the potential return). */
  readonly most: number;
}

/** A slip system bet's figures, with the cap applied; undefined for other bets or without a system type. */
export function ticketSystemFigures(bet: TicketBet, maxPayout?: number): SystemFigures | undefined {
  const type = bet.systemType;
  if (bet.betType !== "system" || !type || type.totalCount !== bet.selections.length) return undefined;
  const stake = effectiveStake(bet);
  const odds = bet.selections.map((s) => s.odds);
  const cap = (v: number) => (maxPayout !== undefined && v > maxPayout ? maxPayout : v);
  return {
    lines: Number(systemLineCount(type)),
    lineStake: systemLineStake(stake, type),
    least: cap(systemLeastReturn(stake, odds, type.winCount)),
    most: ticketBetPayout(bet, maxPayout),
  };
}
