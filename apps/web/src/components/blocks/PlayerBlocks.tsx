"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { usePlayer } from "../../player/player-context";
import { ActionButton } from "../controls/ActionButton";
import { useSelectionCount, useTicket } from "../ticket/TicketContext";
import styles from "./PlayerBlocks.module.css";

// A visitor's page never downloads the notification code (as in the header).
const NotificationBell = dynamic(() =>
  import("../notifications/NotificationBell").then((m) => m.NotificationBell),
);
// Nor a player's name and balance, which the server never renders (the session is read in the
// browser).
const ProfileAccount = dynamic(() => import("./ProfileAccount").then((m) => m.ProfileAccount), {
  ssr: false,
});

/** profile: who is signed in, the balance and the ways to the account; a visitor gets sign-in and sign-up. */
export function ProfileBlock() {
  const t = useTranslations("blocks");
  const player = usePlayer();
  if (player.status !== "logged_in" || !player.profile)
    return (
      <div className={styles.profileBlock} data-auth={player.status}>
        <p>{t("signed-out")}</p>
        <ActionButton action="sign-in" />
        <ActionButton action="sign-up" />
      </div>
    );
  return (
    <div className={styles.profileBlock} data-auth={player.status}>
      <ProfileAccount />
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
  const { openPanel } = useTicket();
  const open = () => openPanel("BET_SLIP");
  return (
    <div className={styles.selectionBar} data-count={count}>
      <span>{count === 0 ? t("slip-empty") : t("selections", { count })}</span>
      {count > 0 ? (
        <button type="button" className="btn" data-action="bet-slip" onClick={open}>
          {t("open-slip")}
        </button>
      ) : null}
    </div>
  );
}
