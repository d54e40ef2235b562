"use client";
import { formatMoney, money, ticketBetReturn } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { useClientConfig } from "../shell/ClientConfig";
import { useTicket } from "./TicketContext";
import type { TicketStore } from "./ticket-store";

/**
 * The potential return of the whole slip, for the phone sheet's collapsed bar: loaded with the slip
 * engine, so catalogue pages that are only browsed do not carry the returns' maths.
 */
export default function SlipReturn() {
  const { store } = useTicket();
  return store ? <Return store={store} /> : null;
}

function Return({ store }: { store: TicketStore }) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const currency = state.config.currency;
  const win = state.bets.reduce((n, b) => n + ticketBetReturn(b, state.config.maxPayout), 0);
  return (
    <span data-slip-return={win}>
      {t("bar-return", { amount: formatMoney(money(win, currency.code), currency, locale) })}
    </span>
  );
}
