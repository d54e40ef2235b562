"use client";
import { useTranslations } from "next-intl";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import styles from "./BetSlip.module.css";

/** The one price the bet builder gave a custom bet (SPEC §4 custom bet). */
export function CustomPrice({ odds }: { odds: number }) {
  const t = useTranslations("betbuilder");
  const { format } = useOddsFormat();
  return (
    <p className={styles.return}>
      {t("price")} <strong data-custom-odds={odds}>{displayOdds(odds, format)}</strong>
    </p>
  );
}
