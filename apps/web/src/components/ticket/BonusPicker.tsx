"use client";
import {
  type Currency,
  formatMoney,
  isFreebet,
  money,
  ODDS_SCALE,
  qualifyingBoost,
  type SlipBonus,
  type TicketBet,
  withBonusOdds,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";
import { FarmingHint } from "./FarmingHint";
import type { TicketStore } from "./ticket-store";

/** The bonuses a bet may use (SPEC §4 bonus selection): none, a freebet paying the stake, or a boost. */
export function BonusPicker({
  bet,
  index,
  store,
  currency,
}: {
  bet: TicketBet;
  index: number;
  store: TicketStore;
  currency: Currency;
}) {
  const t = useTranslations("slip.bonus");
  const { locale } = useClientConfig();
  const idOf = (b: SlipBonus) => `${b.bonusType}:${b.bonusId}`;
  const label = (b: SlipBonus) => {
    const name = b.name ?? "";
    if (isFreebet(b.bonusType)) {
      const amount = formatMoney(money(b.freebetStake ?? 0, currency.code), currency, locale);
      return t(b.bonusType === "freebet_no_risk" ? "no-risk" : "freebet", { amount, name });
    }
    return name;
  };
  const chosen = bet.bonus;
  const pick = (b: SlipBonus | null) => store.dispatch({ type: "bonusSet", betIndex: index, bonus: b });
  // A held freebet is offered beside the picker, not only inside it: it is the player's money.
  const freebet =
    chosen && isFreebet(chosen.bonusType)
      ? undefined
      : bet.availableBonuses.find((b) => isFreebet(b.bonusType));
  // One bonus a bet: a boost the bet qualifies for is shut out by another bonus the player picks.
  const shutOut =
    chosen && chosen.bonusType !== "comboboost" ? qualifyingBoost(bet, bet.availableBonuses) : undefined;
  const boostShare = (odds: number) => (odds - ODDS_SCALE) / ODDS_SCALE;
  return (
    <div className={styles.bonus} data-bonus-picker={index}>
      <div className={styles.field}>
        <label htmlFor={`bonus-${index}`}>{t("label")}</label>
        <select
          id={`bonus-${index}`}
          data-bonus-select={index}
          value={chosen ? idOf(chosen) : ""}
          onChange={(e) => pick(bet.availableBonuses.find((b) => idOf(b) === e.target.value) ?? null)}
        >
          <option value="">{t("none")}</option>
          {bet.availableBonuses.map((b) => (
            <option key={idOf(b)} value={idOf(b)}>
              {label(b)}
            </option>
          ))}
        </select>
      </div>
      {freebet ? (
        <button
          type="button"
          className={styles.offer}
          data-use-freebet={freebet.bonusId}
          onClick={() => pick(freebet)}
        >
          {t("use", { bonus: label(freebet) })}
        </button>
      ) : null}
      {chosen && isFreebet(chosen.bonusType) ? (
        <p className={styles.hint} data-freebet-stake={bet.freebetStake}>
          {t(chosen.bonusType === "freebet_no_risk" ? "no-risk-note" : `note.${chosen.bonusType}`)}
        </p>
      ) : null}
      {chosen?.farming ? <FarmingHint bet={bet} farming={chosen.farming} currency={currency} /> : null}
      {chosen?.bonusType === "comboboost" && bet.bonusOdds !== undefined ? (
        <p className={styles.boost} data-bonus-odds={bet.bonusOdds}>
          {t("boost-applied", { name: chosen.name ?? "", share: boostShare(bet.bonusOdds) })}
        </p>
      ) : null}
      {shutOut && chosen ? (
        <p className={styles.hint} data-boost-shut-out={shutOut.bonusId}>
          {t("one-bonus", {
            boost: shutOut.name ?? "",
            share: boostShare(withBonusOdds({ ...bet, bonus: shutOut }).bonusOdds ?? ODDS_SCALE),
            name: chosen.name ?? "",
          })}
        </p>
      ) : null}
    </div>
  );
}
