"use client";
import type { AmbProgress } from "@sportsbook/contracts/http/bonuses";
import { ambTarget, type Currency, formatMoney, money } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";

/**
 * SPEC §6 amb progress bar: for each of the player's freebet ambs, the bets counted so far, how far
 * the slip's bets would take it, and the freebets the next milestone earns.
 */
export function AmbProgressBars({ ambs, currency }: { ambs: readonly AmbProgress[]; currency: Currency }) {
  return (
    <>
      {ambs.map((amb) => (
        <AmbBar key={amb.bonus_id} amb={amb} currency={currency} />
      ))}
    </>
  );
}

function AmbBar({ amb, currency }: { amb: AmbProgress; currency: Currency }) {
  const t = useTranslations("slip.amb");
  const { locale } = useClientConfig();
  const ranges = amb.amb_ranges.map((r) => ({
    numberOfBets: r.number_of_bets,
    numberOfFreebets: r.number_of_freebets,
  }));
  const target = ambTarget(ranges);
  const next = amb.amb_ranges.find((r) => r.number_of_bets > amb.progress_count);
  const added = amb.possible_progress_count - amb.progress_count;
  return (
    <div
      className={styles.amb}
      data-amb={amb.bonus_id}
      data-amb-progress={amb.progress_count}
      data-amb-possible={amb.possible_progress_count}
    >
      <label className={styles.hint}>
        {t("progress", { name: amb.name, count: Math.min(amb.progress_count, target), target })}
        <progress max={target} value={Math.min(amb.possible_progress_count, target)} />
      </label>
      <p className={styles.hint}>
        {next
          ? t("next", {
              bets: next.number_of_bets - amb.progress_count,
              freebets: next.number_of_freebets,
              amount: formatMoney(money(next.issued_bonus_amount, next.currency), currency, locale),
            })
          : t("done")}
        {added > 0 ? ` ${t("with-slip", { count: added })}` : ""}
      </p>
    </div>
  );
}
