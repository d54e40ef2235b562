"use client";
import type { PlacedBet } from "@sportsbook/contracts/http/bets";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useClientConfig } from "../shell/ClientConfig";
import { cashout } from "./bets-api";
import styles from "./MyBets.module.css";

/**
 * Cashout of one bet (SPEC §1): the live offer, all of it or a part chosen on a slider, paid only
 * after a confirmation that shows the amount. When the offer moves or is withdrawn meanwhile, the
 * new one is shown and asked for again: an old value is never paid.
 */
export function CashoutControl({
  bet,
  offer,
  format,
  onCashedOut,
}: {
  bet: PlacedBet;
  offer: number;
  format(value: number): string;
  onCashedOut(bet: PlacedBet): void;
}) {
  const t = useTranslations("mybets.cashout");
  const { locale } = useClientConfig();
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState(offer);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // The chosen amount never exceeds the live offer.
  const chosen = Math.min(amount, offer);
  if (!confirming) {
    return (
      <div className={styles.cashout}>
        <button
          type="button"
          className="btn btn-primary"
          data-action="cashout"
          data-offer={offer}
          onClick={() => {
            setAmount(offer);
            setConfirming(true);
            setNotice(null);
          }}
        >
          {t("button", { amount: format(offer) })}
        </button>
        {notice ? (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.cashout} data-cashout-confirm>
      <label className={styles.slider}>
        {t("amount")}
        <input
          type="range"
          min={1}
          max={offer}
          step={1}
          value={chosen}
          data-cashout-amount
          onChange={(e) => setAmount(Number(e.target.value))}
        />
        <output data-chosen={chosen}>{format(chosen)}</output>
      </label>
      <p>
        {chosen === offer
          ? t("confirm-full", { amount: format(chosen) })
          : t("confirm-part", { amount: format(chosen) })}
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={() => setConfirming(false)}>
          {t("cancel")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-action="confirm-cashout"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const r = await cashout(bet.id, chosen, locale);
            setBusy(false);
            if (r.ok) {
              setConfirming(false);
              setNotice(t("done", { amount: format(r.paid) }));
              onCashedOut(r.bet);
            } else if (r.reason === "changed") {
              setAmount(r.value);
              setNotice(t("changed", { amount: format(r.value) }));
            } else {
              setConfirming(false);
              setNotice(r.message ?? t("unavailable"));
            }
          }}
        >
          {t("confirm")}
        </button>
      </div>
      {notice ? (
        <p className={styles.notice} role="status" data-cashout-notice>
          {notice}
        </p>
      ) : null}
    </div>
  );
}
