"use client";
import type { Limit } from "@sportsbook/contracts/identity";
import { formatAmount, formatMoney, money, parseAmount } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Wallet.module.css";
import { fetchDepositLimit, openCheckout } from "./wallet-api";

/** Quick amounts in major units of the currency. */
const QUICK_AMOUNTS = [10, 20, 50, 100] as const;

/**
 * The deposit form of the deposit modal and the wallet page: an amount in the current account's
 * currency, then the payment provider's page. The deposit limit in force is shown, and a refusal is
 * shown next to the amount, which stays as typed.
 */
export function DepositForm({
  returnPath,
  initialAmount,
}: {
  returnPath: string;
  /** Minor units the amount field starts with (a quick deposit offers what the stakes lack). */
  initialAmount?: number | undefined;
}) {
  const t = useTranslations("wallet");
  const tg = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const account = currentAccount(player);
  const amountInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [limit, setLimit] = useState<Limit | undefined>();
  const id = useId();
  useEffect(() => {
    fetchDepositLimit(locale)
      .then(setLimit)
      .catch((e: unknown) => reportFailure("reading the deposit limit", e));
  }, [locale]);
  if (!account) return null;
  const show = (minor: number) => formatMoney(money(minor, account.code), account, locale);
  return (
    <form
      className={styles.form}
      data-form="deposit"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        // What the field shows, not a state copy of it: a submit can arrive before React has
        // committed the last keystroke (seen on a busy page right after it appears).
        const parsed = parseAmount(String(new FormData(e.currentTarget).get("amount") ?? ""), account, {
          min: 1,
        });
        if (!parsed.ok) {
          setError(t("amount-invalid"));
          return;
        }
        setBusy(true);
        setError(null);
        const opened = await openCheckout(
          { amount: parsed.value.amount, currency: account.code, returnPath },
          locale,
          tg("description"),
        ).catch((err: unknown) => {
          reportFailure("opening the checkout", err);
          return { ok: false as const, message: tg("description") };
        });
        if (opened.ok) {
          window.location.assign(opened.checkoutUrl);
          return;
        }
        setBusy(false);
        setError(opened.message);
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
        ref={amountInput}
        defaultValue={initialAmount ? formatAmount(money(initialAmount, account.code), account) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <div className={styles.quick}>
        {QUICK_AMOUNTS.map((major) => (
          <button
            key={major}
            type="button"
            className="btn"
            data-quick-amount={major}
            onClick={() => {
              if (amountInput.current) amountInput.current.value = String(major);
            }}
          >
            {show(major * 10 ** account.subunits)}
          </button>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {limit?.value && limit.currency === account.code ? (
        <p className={styles.note} data-deposit-limit={limit.value}>
          {t("limit-note", {
            limit: show(limit.value),
            period: t(`period.${limit.period ?? "day"}`),
            left: show(Math.max(0, limit.value - (limit.used ?? 0))),
          })}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} data-action="checkout">
        {t("continue-to-payment")}
      </button>
    </form>
  );
}
