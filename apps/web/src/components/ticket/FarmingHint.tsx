"use client";
import {
  type Currency,
  formatMoney,
  leastFarmingStake,
  money,
  type SlipBonus,
  type TicketBet,
  ticketBetNoPointsReason,
  ticketBetPoints,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { LootboxKeys } from "../bonuses/LootboxKeys";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";

/** What a hunting or tournament makes of the bet: the points it farms, and a hunting's way to its reward. */
export function FarmingHint({
  bet,
  farming,
  currency,
}: {
  bet: TicketBet;
  farming: NonNullable<SlipBonus["farming"]>;
  currency: Currency;
}) {
  const t = useTranslations("slip.bonus");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const points = ticketBetPoints(bet) ?? 0;
  const reason = ticketBetNoPointsReason(bet);
  const why =
    reason === "odds"
      ? t("no-points-odds", { odds: displayOdds(farming.rule.minOdds, format) })
      : reason === "event_farmed"
        ? t("no-points-event")
        : t("no-points", {
            minimum: formatMoney(money(leastFarmingStake(farming.rule), currency.code), currency, locale),
          });
  const hint = (
    <p className={styles.hint} data-potential-points={points} data-no-points={reason}>
      {points > 0 ? t("points", { points }) : why}
      {farming.places
        ? null
        : farming.targetPoints !== undefined
          ? ` ${t("hunt", {
              points: farming.state.points,
              target: farming.targetPoints,
              reward: formatMoney(money(farming.rewardAmount ?? 0, currency.code), currency, locale),
            })}`
          : ` ${t("tournament", { points: farming.state.points })}`}
    </p>
  );
  return farming.places ? (
    <>
      {hint}
      <LootboxKeys places={farming.places} points={farming.state.points} />
    </>
  ) : (
    hint
  );
}
