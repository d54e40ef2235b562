"use client";
import type { SlipSelection } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import styles from "./BetSlip.module.css";

/** One selection of a bet, its flags (same match, suspended, not available) and its odds as they moved. */
export function SelectionRow({
  s,
  sameMatch,
  onRemove,
}: {
  s: SlipSelection;
  sameMatch: boolean;
  onRemove(): void;
}) {
  const t = useTranslations("slip");
  const tt = useTranslations("sb.ticket");
  const { format } = useOddsFormat();
  const match = s.nameB ? `${s.nameA} – ${s.nameB}` : (s.nameA ?? "");
  return (
    <li
      className={styles.selection}
      data-selection={s.id}
      data-suspended={s.isSuspended || undefined}
      data-changed={s.isChanged || undefined}
      data-not-available={s.isNotAvailable || undefined}
    >
      <div className={styles.what}>
        <span className={styles.outcome}>{s.outcomeName}</span>
        <span className={styles.market}>{s.marketName}</span>
        <span className={styles.match}>{match}</span>
        {sameMatch ? <span className={styles.flag}>{t("same-match")}</span> : null}
        {s.isSuspended ? <span className={styles.flag}>{tt("suspended.label")}</span> : null}
        {s.isNotAvailable ? <span className={styles.flag}>{tt("not-available.label")}</span> : null}
      </div>
      <span className={styles.odds} data-odds={s.odds}>
        {s.isChanged ? (
          <>
            <s className={styles.old} data-accepted-odds={s.acceptedOdds}>
              {displayOdds(s.acceptedOdds, format)}
            </s>{" "}
            <span data-trend={s.odds > s.acceptedOdds ? "up" : "down"}>
              <span className="sr-only">{t("new-odds")} </span>
              {s.odds > s.acceptedOdds ? "▲" : "▼"} {displayOdds(s.odds, format)}
            </span>
          </>
        ) : (
          displayOdds(s.odds, format)
        )}
      </span>
      <button
        type="button"
        className={styles.remove}
        aria-label={t("remove", { name: s.outcomeName ?? "" })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
