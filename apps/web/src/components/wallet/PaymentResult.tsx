"use client";
import { type Payment, quickDepositStatus } from "@sportsbook/contracts/http/payments";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useUserEvents } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Wallet.module.css";
import { fetchPayment } from "./wallet-api";

/** The payment the provider sent the player back with (`?payment=`), if any. */
function returnedPaymentId(): number | null {
  const raw = new URLSearchParams(window.location.search).get("payment");
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * How the deposit the player just came back from ended (SPEC §4 quick deposit status, §8 messages):
 * read once on return, and again when the balance moves while it is still pending, since the
 * provider's callback may land after the player.
 */
export function PaymentResult() {
  const t = useTranslations("quick-deposit.notification");
  const { locale } = useClientConfig();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    const returned = returnedPaymentId();
    if (returned === null) return;
    setId(returned);
    const url = new URL(window.location.href);
    url.searchParams.delete("payment");
    window.history.replaceState(window.history.state, "", url);
  }, []);
  useEffect(() => {
    if (id === null) return;
    fetchPayment(id, locale)
      .then(setPayment)
      .catch((e: unknown) => reportFailure("reading the payment", e));
  }, [id, locale]);
  useUserEvents((event) => {
    if (event.type !== "balance_changed" || id === null || payment?.status !== "pending") return;
    fetchPayment(id, locale)
      .then(setPayment)
      .catch((e: unknown) => reportFailure("reading the payment", e));
  });
  if (!payment) return null;
  const status = quickDepositStatus(payment.status);
  if (status === "success") {
    return (
      <p className={styles.status} data-tone="success" role="status" data-payment-status={payment.status}>
        {t("success")}
      </p>
    );
  }
  if (status === "pending") {
    return (
      <p className={styles.status} data-tone="warning" role="status" data-payment-status={payment.status}>
        {t("pending")}
      </p>
    );
  }
  return (
    <div className={styles.status} data-tone="danger" role="alert" data-payment-status={payment.status}>
      <strong>{t("failed.title")}</strong> <span>{payment.reason ?? t("failed.description")}</span>
    </div>
  );
}
