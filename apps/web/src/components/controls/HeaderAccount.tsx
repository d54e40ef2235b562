"use client";
import { formatMoney, money } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { reportFailure } from "../../lib/error-reporter";
import { localizeHref } from "../../lib/locale-url";
import { platformPageUrl } from "../../lib/platform-pages";
import { usePlayer, usePlayerStore } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./HeaderAccount.module.css";

// Signed-in players only: a visitor's page never downloads the notification code and its schemas.
const NotificationBell = dynamic(() =>
  import("../notifications/NotificationBell").then((m) => m.NotificationBell),
);

/**
 * What the header shows a signed-in player where a visitor sees "Sign In": the balance of the
 * current account (a switch when the player holds several) and sign-out. Below a wide desktop the
 * account and sign-out buttons show only their icons, so the whole row fits where the visitor's two
 * buttons were and the header does not grow.
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
  // read again on each navigation, so the platform sends the player back to the page they left
  const pathname = usePathname();
  const assetsHref =
    config.platform.assetsPage && pathname
      ? platformPageUrl(config.platform.assetsPage, window.location.href)
      : undefined;
  const fail = (during: string) => (e: unknown) => {
    reportFailure(during, e);
    alerts.push({ kind: "danger", title: te("title"), description: te("description") });
  };
  return (
    <div className={styles.account} data-header-account data-auth={player.status}>
      {account ? (
        <span className={styles.balance} data-balance={account.balance}>
          <span className="sr-only">{t("balance")} </span>
          {player.accounts.length > 1 ? (
            <select
              aria-label={t("currency")}
              value={account.code}
              onChange={(e) => store.switchCurrency(e.target.value).catch(fail("switching the currency"))}
            >
              {player.accounts.map((a) => (
                <option key={a.code} value={a.code}>
                  {formatMoney(money(a.balance, a.code), a, locale)}
                </option>
              ))}
            </select>
          ) : assetsHref ? (
            // SPEC §2: the platform keeps the player's assets; its page brings the player back here
            <a href={assetsHref} data-link="assets" title={t("assets")}>
              {formatMoney(money(account.balance, account.code), account, locale)}
            </a>
          ) : (
            formatMoney(money(account.balance, account.code), account, locale)
          )}
        </span>
      ) : null}
      <NotificationBell />
      <Link
        className={`btn ${styles.iconButton}`}
        href={localizeHref("/profile", locale, config)}
        data-link="profile"
        aria-label={t("account")}
        title={t("account")}
      >
        <IconLabel icon={ACCOUNT_ICON} label={t("account")} />
      </Link>
      <a className="btn btn-primary" href="#deposit" data-action="header-deposit">
        {tb("deposit")}
      </a>
      <button
        type="button"
        className={`btn ${styles.iconButton}`}
        data-action="sign-out"
        aria-label={tb("sign-out")}
        title={tb("sign-out")}
        onClick={() => store.signOut().catch(fail("signing out"))}
      >
        <IconLabel icon={SIGN_OUT_ICON} label={tb("sign-out")} />
      </button>
    </div>
  );
}

const ACCOUNT_ICON =
  "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z";
const SIGN_OUT_ICON =
  "M10 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5v-2H5V5h5V3Zm6.6 4.6-1.4 1.4 2 2H9v2h8.2l-2 2 1.4 1.4L21 12l-4.4-4.4Z";

/**
 * A header button's icon and name: below a wide desktop the stylesheet shows only the icon, and the
 * button's `aria-label` keeps the name for assistive technology.
 */
function IconLabel({ icon, label }: { icon: string; label: string }) {
  return (
    <>
      <svg
        className={styles.icon}
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <path fill="currentColor" d={icon} />
      </svg>
      <span className={styles.label}>{label}</span>
    </>
  );
}
