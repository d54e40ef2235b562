import { type Currency, effectiveStake, formatMoney, money, type TicketBet } from "@sportsbook/domain";

/** One placed bet as the slip's receipt names it: its type, its number and its stake. */
export function placedBetLine(bet: TicketBet, typeName: string, currency: Currency, locale: string): string {
  return `${typeName} · #${bet.betId} · ${formatMoney(money(effectiveStake(bet), currency.code), currency, locale)}`;
}
