"use client";
import type { Payment } from "@sportsbook/contracts/http/payments";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { localizeHref } from "../../lib/locale-url";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import { DepositForm } from "./DepositForm";
import { PaymentResult } from "./PaymentResult";
import { PaymentsList } from "./PaymentsList";
import styles from "./Wallet.module.css";
import { WithdrawForm } from "./WithdrawForm";
import { fetchPayments } from "./wallet-api";

/** The wallet page (`/profile/wallet/deposit`): deposit, withdraw, and the payments so far. */
export function WalletPanel() {
  const t = useTranslations("wallet");
  const tl = useTranslations("limits");
  const config = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const [payments, setPayments] = useState<Payment[] | null>(null);
  const signedIn = player.status === "logged_in";
  const reload = useCallback(() => {
    fetchPayments(config.locale)
      .then(setPayments)
      .catch((e: unknown) => reportFailure("reading the payments", e));
  }, [config.locale]);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);
  // A callback that lands while the page is open moves the balance: the list follows.
  useUserEvents((event) => {
    if (event.type === "balance_changed") reload();
  });
  if (player.status === "not_logged_in") {
    return (
      <p>
        <button type="button" className="btn btn-primary" onClick={() => openAuth("sign_in")}>
          {t("sign-in-first")}
        </button>
      </p>
    );
  }
  if (!signedIn) return <p aria-busy="true" />;
  return (
    <div className={styles.wallet}>
      <PaymentResult />
      <section aria-labelledby="wallet-deposit">
        <h2 id="wallet-deposit">{t("deposit")}</h2>
        <DepositForm returnPath={localizeHref("/profile/wallet/deposit", config.locale, config)} />
      </section>
      <section aria-labelledby="wallet-withdraw">
        <h2 id="wallet-withdraw">{t("withdraw")}</h2>
        <WithdrawForm onRequested={reload} />
      </section>
      <section aria-labelledby="wallet-payments">
        <h2 id="wallet-payments">{t("payments")}</h2>
        {payments ? <PaymentsList payments={payments} onChanged={reload} /> : <p aria-busy="true" />}
        <p>
          <Link href={localizeHref("/profile/wallet/transactions", config.locale, config)}>
            {t("transactions")}
          </Link>
        </p>
        {config.responsibleGambling ? (
          <p>
            <Link href={localizeHref("/profile/limits", config.locale, config)} data-link="limits">
              {tl("title")}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
