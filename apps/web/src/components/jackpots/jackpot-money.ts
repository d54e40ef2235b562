import { formatMoney, money } from "@sportsbook/domain";

interface Denomination {
  currency: string;
  subunits: number;
}

/** An amount of a jackpot's (or hit's) currency, formatted for the page's locale. */
export function jackpotMoney(amount: number, of: Denomination, locale: string) {
  return formatMoney(
    money(amount, of.currency),
    { code: of.currency, subunits: of.subunits, fiat: true },
    locale,
  );
}

/** Texts of amounts, by `amountKey`, formatted where the page was rendered. */
export type AmountTexts = Readonly<Record<string, string>>;

export const amountKey = (amount: number, of: Denomination) => `${of.currency}:${amount}`;

/**
 * Every amount a jackpot's banner or card shows, formatted on the server: the page hydrates with
 * these texts and builds no currency formatter (a locale's first costs a phone tens of
 * milliseconds) until an amount moves.
 */
export function jackpotAmountTexts(
  jackpots: readonly (Denomination & {
    amount: number;
    min_stake: number;
    levels: readonly { pool_amount: number; drop_at: number }[];
  })[],
  locale: string,
): AmountTexts {
  const texts: Record<string, string> = {};
  for (const j of jackpots) {
    const amounts = [j.amount, j.min_stake, ...j.levels.flatMap((l) => [l.pool_amount, l.drop_at])];
    for (const amount of amounts) texts[amountKey(amount, j)] = jackpotMoney(amount, j, locale);
  }
  return texts;
}
