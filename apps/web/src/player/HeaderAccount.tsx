"use client";
import { formatMoney, money } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useAlerts } from "../components/shell/Alerts";
import { useClientConfig } from "../components/shell/ClientConfig";
import { localizeHref } from "../lib/locale-url";
import { usePlayer, usePlayerStore } from "./player-context";
import { currentAccount } from "./player-store";

// Signed-in players only: a visitor's page never downloads the notification code and its schemas.
const NotificationBell = dynamic(() =>
  import("../components/notifications/NotificationBell").then((m) => m.NotificationBell),
);

/**
 * What the header shows a signed-in player where a visitor sees "Sign In": the balance of the
 * current account (a switch when the player holds several) and sign-out.
 */
export function HeaderAccount() {
  const player = usePlayer();
  const store = usePlayerStore();
  const alerts = useAlerts();
  const config = useClientConfig();
  const { locale } = config;
  const t = useTranslations("player");
  const tb = useTranslations("button");
  const te = useTranslations("global-error.default");
  const account = currentAccount(player);
  const fail = (e: unknown) => {
    console.error(e);
    alerts.push({ kind: "danger", title: te("title"), description: te("description") });
  };
  return (
    <div className="header-account" data-auth={player.status}>
      {account ? (
        <span className="balance" data-balance={account.balance}>
          <span className="sr-only">{t("balance")} </span>
          {player.accounts.length > 1 ? (
            <select
              aria-label={t("currency")}
              value={account.code}
              onChange={(e) => store.switchCurrency(e.target.value).catch(fail)}
            >
              {player.accounts.map((a) => (
                <option key={a.code} value={a.code}>
                  {formatMoney(money(a.balance, a.code), a, locale)}
                </option>
              ))}
            </select>
          ) : (
            formatMoney(money(account.balance, account.code), account, locale)
          )}
        </span>
      ) : null}
      <NotificationBell />
      <Link className="btn btn-account" href={localizeHref("/profile", locale, config)} data-link="profile">
        {t("account")}
      </Link>
      <a className="btn btn-primary btn-deposit" href="#deposit" data-action="header-deposit">
        {tb("deposit")}
      </a>
      <button
        type="button"
        className="btn btn-sign-out"
        data-action="sign-out"
        onClick={() => store.signOut().catch(fail)}
      >
        {tb("sign-out")}
      </button>
    </div>
  );
}
