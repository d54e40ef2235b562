"use client";
import { combinabilityIssues, systemLineCount, type TicketBet, type TicketState } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import styles from "./BetSlip.module.css";
import { BonusPicker } from "./BonusPicker";
import { CustomPrice } from "./CustomPrice";
import { SelectionRow } from "./SelectionRow";
import { StakeField } from "./StakeField";
import type { TicketStore } from "./ticket-store";

/** One bet of the slip: its selections, system type, bonus, stake and the server's word on it. */
export function BetCard({
  bet,
  index,
  store,
  state,
  message,
}: {
  bet: TicketBet;
  index: number;
  store: TicketStore;
  state: TicketState;
  message: string | undefined;
}) {
  const t = useTranslations("slip");
  const issues = combinabilityIssues(bet.betType, bet.selections);
  const sameMatch = new Set(issues.flatMap((i) => (i.code === "same_match" ? i.selectionIds : [])));
  const systems = state.systemTypes.filter((s) => s.totalCount === bet.selections.length);
  return (
    <section className={styles.bet} data-bet={index} aria-label={t(`type.${bet.betType}`)}>
      <ul className={styles.selections}>
        {bet.selections.map((s) => (
          <SelectionRow
            key={s.id}
            s={s}
            sameMatch={sameMatch.has(s.id)}
            onRemove={() => store.dispatch({ type: "selectionRemoved", selectionId: s.id })}
          />
        ))}
      </ul>
      {issues
        .filter((i) => i.code !== "same_match")
        .map((i) => (
          <p key={i.code} className={styles.refusal} data-issue={i.code}>
            {t(`issue.${i.code}`)}
          </p>
        ))}
      {bet.betType === "system" ? (
        <div className={styles.field}>
          <label htmlFor={`system-${index}`}>{t("system")}</label>
          <select
            id={`system-${index}`}
            data-system-type
            value={bet.systemType ? `${bet.systemType.winCount}/${bet.systemType.totalCount}` : ""}
            onChange={(e) => {
              const found = systems.find((s) => `${s.winCount}/${s.totalCount}` === e.target.value);
              if (found) store.dispatch({ type: "systemTypeSet", systemType: found });
            }}
          >
            {systems.map((s) => (
              <option key={`${s.winCount}/${s.totalCount}`} value={`${s.winCount}/${s.totalCount}`}>
                {t("system-option", {
                  win: s.winCount,
                  total: s.totalCount,
                  lines: Number(systemLineCount(s)),
                })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {bet.customOdds !== undefined ? <CustomPrice odds={bet.customOdds} /> : null}
      {bet.availableBonuses.length > 0 ? (
        <BonusPicker bet={bet} index={index} store={store} currency={state.config.currency} />
      ) : null}
      <StakeField bet={bet} index={index} store={store} currency={state.config.currency} />
      {bet.jackpots && bet.jackpots.length > 0 ? (
        <p className={styles.hint} data-plays-jackpots={bet.jackpots.join(",")}>
          {t("jackpot", { count: bet.jackpots.length })}
        </p>
      ) : null}
      {message ? (
        <p className={styles.error} data-bet-error={index}>
          {message}{" "}
          <button
            type="button"
            className={styles.link}
            onClick={() => store.dispatch({ type: "betErrorCleared", betIndex: index })}
          >
            {t("dismiss")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
