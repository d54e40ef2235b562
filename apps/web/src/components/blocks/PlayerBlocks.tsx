"use client";
import { formatMoney, money } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { localizeHref } from "../../lib/locale-url";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { ActionButton } from "../controls/ActionButton";
import { useClientConfig } from "../shell/ClientConfig";
import { useSelectionCount } from "../ticket/TicketContext";

// A visitor's page never downloads the notification code (as in the header).
const NotificationBell = dynamic(() =>
  import("../notifications/NotificationBell").then((m) => m.NotificationBell),
);

/** profile: who is signed in, the balance and the ways to the account; a visitor gets sign-in and sign-up. */
export function ProfileBlock() {
  const t = useTranslations("blocks");
  const player = usePlayer();
  const config = useClientConfig();
  const href = (path: string) => localizeHref(path, config.locale, config);
  if (player.status !== "logged_in" || !player.profile)
    return (
      <div className="profile-block" data-auth={player.status}>
        <p>{t("signed-out")}</p>
        <ActionButton action="sign-in" />
        <ActionButton action="sign-up" />
      </div>
    );
  const p = player.profile;
  const name = p.nickname ?? ([p.firstName, p.lastName].filter(Boolean).join(" ") || p.email);
  const account = currentAccount(player);
  return (
    <div className="profile-block" data-auth={player.status}>
      <p className="profile-name">{name}</p>
      {account ? (
        <p className="balance" data-balance={account.balance}>
          {formatMoney(money(account.balance, account.code), account, config.locale)}
        </p>
      ) : null}
      <nav aria-label={t("account")}>
        <Link href={href("/profile")} prefetch={false}>
          {t("profile")}
        </Link>
        <Link href={href("/my-bets")} prefetch={false}>
          {t("my-bets")}
        </Link>
        <Link href={href("/profile/wallet/deposit")} prefetch={false}>
          {t("deposit")}
        </Link>
      </nav>
    </div>
  );
}

/** notifications: the player's bell; a visitor is told notifications come with an account. */
export function NotificationsBlock() {
  const t = useTranslations("blocks");
  const { status } = usePlayer();
  if (status === "logged_in") return <NotificationBell />;
  return <p className="empty">{t("notifications-signed-out")}</p>;
}

/** mobile-selection-bar: how many picks the slip holds, and the way to it. */
export function SelectionBar() {
  const t = useTranslations("blocks");
  const count = useSelectionCount();
  const open = () => window.dispatchEvent(new CustomEvent("sb:ticket", { detail: "BET_SLIP" }));
  return (
    <div className="selection-bar" data-count={count}>
      <span>{count === 0 ? t("slip-empty") : t("selections", { count })}</span>
      {count > 0 ? (
        <button type="button" className="btn" data-action="bet-slip" onClick={open}>
          {t("open-slip")}
        </button>
      ) : null}
    </div>
  );
}
