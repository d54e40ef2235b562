"use client";
import {
  type Currency,
  effectiveStake,
  formatMoney,
  money,
  type TicketBet,
  ticketSystemFigures,
  totalOdds,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";

/** What a player reads of a combo (its total odds) or a system (lines, stake per line, return range). */
export function BetFigures({ bet, currency }: { bet: TicketBet; currency: Currency }) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const amount = (v: number) => formatMoney(money(v, currency.code), currency, locale);
  if (bet.betType === "combo") {
    const odds = totalOdds(
      bet.selections.map((s) => s.odds),
      { boost: bet.bonusOdds },
    );
    return (
      <p className={styles.return}>
        {t("total-odds")} <strong data-total-odds={odds}>{displayOdds(odds, format)}</strong>
      </p>
    );
  }
  const figures = ticketSystemFigures(bet);
  if (!figures || !bet.systemType) return null;
  const staked = effectiveStake(bet) > 0;
  return (
    <dl className={styles.figures} data-system-figures>
      <dt>{t("lines")}</dt>
      <dd data-lines={figures.lines}>{figures.lines}</dd>
      <dt>{t("line-stake")}</dt>
      <dd data-line-stake={figures.lineStake}>{amount(figures.lineStake)}</dd>
      {staked ? (
        <>
          <dt>{t("return-range")}</dt>
          <dd data-least-return={figures.least} data-most-return={figures.most}>
            {t("range", {
              least: amount(figures.least),
              most: amount(figures.most),
              win: bet.systemType.winCount,
              total: bet.systemType.totalCount,
            })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
