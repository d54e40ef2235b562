"use client";
import {
  type Currency,
  effectiveStake,
  formatMoney,
  money,
  type TicketBet,
  ticketBetReturn,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";

/** What a slip of several bets stakes and may return in all. */
export function SlipTotals({
  bets,
  currency,
  maxPayout,
}: {
  bets: readonly TicketBet[];
  currency: Currency;
  maxPayout: number | undefined;
}) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  if (bets.length < 2) return null;
  const stake = bets.reduce((n, b) => n + effectiveStake(b), 0);
  const win = bets.reduce((n, b) => n + ticketBetReturn(b, maxPayout), 0);
  return (
    <dl className={styles.totals}>
      <dt>{t("total-stake")}</dt>
      <dd data-total-stake={stake}>{formatMoney(money(stake, currency.code), currency, locale)}</dd>
      <dt>{t("potential-return")}</dt>
      <dd>{formatMoney(money(win, currency.code), currency, locale)}</dd>
    </dl>
  );
}
