import { type Currency, formatAmount, money } from "@sportsbook/domain";

/** An amount of minor units shown in the currency's own decimals (the code is in the column's header). */
export function amountText(value: number, currency: Currency): string {
  return formatAmount(money(value, currency.code), currency);
}
