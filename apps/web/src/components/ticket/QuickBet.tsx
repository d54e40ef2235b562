"use client";
import { type Currency, formatAmount, money, parseStake, type QuickBetState } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useState } from "react";
import styles from "./BetSlip.module.css";
import type { TicketStore } from "./ticket-store";

/**
 * Quick bet (SPEC §4): switched on with a stake the player approves; then a click on a live price
 * places a single at once. A new stake or currency asks for approval again.
 */
export function QuickBet({
  store,
  quick,
  currency,
}: {
  store: TicketStore;
  quick: QuickBetState;
  currency: Currency;
}) {
  const t = useTranslations("slip.quick");
  const [text, setText] = useState(
    quick.stake > 0 ? formatAmount(money(quick.stake, currency.code), currency) : "",
  );
  return (
    <section
      className={styles.quickBet}
      data-quick-bet={quick.isEnabled ? "on" : "off"}
      data-quick-state={quick.state}
    >
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={quick.isEnabled}
          onChange={() => store.dispatch({ type: "quickBetToggled" })}
          data-action="quick-bet"
        />
        {t("toggle")}
      </label>
      {quick.isEnabled ? (
        <>
          <p className={styles.hint}>{t("hint")}</p>
          <div className={styles.quickRow}>
            <label htmlFor="quick-stake" className="sr-only">
              {t("stake")}
            </label>
            <input
              id="quick-stake"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t("stake")}
              value={text}
              data-quick-stake
              onChange={(e) => {
                setText(e.target.value);
                const parsed = parseStake(e.target.value, currency);
                store.dispatch({ type: "quickBetStakeSet", amount: parsed.ok ? parsed.value.amount : 0 });
              }}
            />
            <button
              type="button"
              className="btn"
              data-action="approve-quick-bet"
              aria-pressed={quick.isApproved}
              disabled={quick.stake <= 0 || quick.isApproved}
              onClick={() => store.dispatch({ type: "quickBetApproved" })}
            >
              {quick.isApproved ? t("approved") : t("approve")}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
