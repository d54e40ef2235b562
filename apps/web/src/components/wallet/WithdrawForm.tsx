"use client";
import { parseAmount } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Wallet.module.css";
import { requestWithdrawal } from "./wallet-api";

/** A withdrawal request; the amount leaves the balance at once and waits for review. */
export function WithdrawForm({ onRequested }: { onRequested: () => void }) {
  const t = useTranslations("wallet");
  const tg = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const account = currentAccount(usePlayer());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!account) return null;
  return (
    <form
      className={styles.form}
      data-form="withdraw"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        // What the field shows, not a state copy of it (see DepositForm).
        const parsed = parseAmount(String(new FormData(form).get("amount") ?? ""), account, { min: 1 });
        if (!parsed.ok) {
          setError(t("amount-invalid"));
          return;
        }
        setBusy(true);
        setError(null);
        setDone(false);
        const result = await requestWithdrawal(
          { amount: parsed.value.amount, currency: account.code },
          locale,
          tg("description"),
        ).catch((err: unknown) => {
          reportFailure("requesting the withdrawal", err);
          return { ok: false as const, message: tg("description") };
        });
        setBusy(false);
        if (result.ok) {
          form.reset();
          setDone(true);
          onRequested();
        } else setError(result.message);
      }}
    >
      <label htmlFor={`${id}-amount`}>
        {t("amount")} ({account.code})
      </label>
      <input
        id={`${id}-amount`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.status} data-tone="success" role="status">
          {t("withdrawal-requested")}
        </p>
      ) : null}
      <p className={styles.note}>{t("withdraw-note")}</p>
      <button type="submit" className="btn btn-primary" disabled={busy} data-action="withdraw">
        {t("withdraw")}
      </button>
    </form>
  );
}
