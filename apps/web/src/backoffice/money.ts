import { type Currency, formatAmount, formatMoney, money } from "@sportsbook/domain";

/** The back office's number format: the operator's (British English) currency format. */
export const STAFF_LOCALE = "en-GB";

/** Minor units of `code` for people, with the decimals of the currency as the answer that carried the amount told them. */
export function formatMinor(amount: number, code: string, currencies: readonly Currency[]): string {
  const currency = currencies.find((c) => c.code === code) ?? { code, subunits: 2, fiat: true };
  return formatMoney(money(amount, code), currency, STAFF_LOCALE);
}

/** An amount of minor units shown in the currency's own decimals (the code is in the column's header). */
export function amountText(value: number, currency: Currency): string {
  return formatAmount(money(value, currency.code), currency);
}

/** A moment (ISO text or epoch milliseconds) in the back office's date and time format. */
export function staffDateTime(at: string | number): string {
  return new Date(at).toLocaleString(STAFF_LOCALE);
}
