"use client";
import { type Payment, quickDepositStatus } from "@sportsbook/contracts/http/payments";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useUserEvents } from "../../player/player-context";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { quickDepositReturn } from "./quick-deposit";
import { fetchPayment } from "./wallet-api";

/**
 * Tells, on the page a quick deposit returned to, how the deposit ended (SPEC §4 quick deposit
 * status, §8 messages) as an alert; a pending one is read again when the balance moves, since the
 * provider's callback may land after the player.
 */
export function QuickDepositResult() {
  const t = useTranslations("quick-deposit.notification");
  const { locale } = useClientConfig();
  const alerts = useAlerts();
  const [id, setId] = useState<number | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const told = useRef<string | null>(null);
  useEffect(() => {
    const returned = quickDepositReturn(window.location.href);
    if (!returned) return;
    setId(returned.payment);
    window.history.replaceState(window.history.state, "", returned.cleaned);
  }, []);
  useEffect(() => {
    if (id === null) return;
    fetchPayment(id, locale)
      .then(setPayment)
      .catch((e: unknown) => reportFailure("reading the quick deposit", e));
  }, [id, locale]);
  useUserEvents((event) => {
    if (event.type !== "balance_changed" || id === null || payment?.status !== "pending") return;
    fetchPayment(id, locale)
      .then(setPayment)
      .catch((e: unknown) => reportFailure("reading the quick deposit", e));
  });
  useEffect(() => {
    if (!payment) return;
    const status = quickDepositStatus(payment.status);
    // each status once: a pending deposit that completes is told again, as complete
    if (told.current === status) return;
    told.current = status;
    if (status === "success") alerts.push({ kind: "success", title: t("success") });
    else if (status === "pending") alerts.push({ kind: "warning", title: t("pending") });
    else
      alerts.push({
        kind: "danger",
        title: t("failed.title"),
        description: payment.reason ?? t("failed.description"),
      });
  }, [payment, alerts, t]);
  return null;
}
