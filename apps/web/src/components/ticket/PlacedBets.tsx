"use client";
import type { Currency, TicketBet } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./BetSlip.module.css";
import { placedBetLine } from "./placed-bet";

/** The receipt of a placement: each bet placed, by type and stake. */
export function PlacedBets({ bets, currency }: { bets: readonly TicketBet[]; currency: Currency }) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Place left with the placed bets: focus goes to the confirmation, not back to <body>.
    if (!document.activeElement || document.activeElement === document.body) box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className={styles.success} role="status" data-placed={bets.length}>
      <strong>{t("placed", { count: bets.length })}</strong>
      <ul>
        {bets.map((b) => (
          <li key={b.betId ?? b.selections[0]?.id} data-bet-id={b.betId}>
            {placedBetLine(b, t(`type.${b.betType}`), currency, locale)}
          </li>
        ))}
      </ul>
    </div>
  );
}
