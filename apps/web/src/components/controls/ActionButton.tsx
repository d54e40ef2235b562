"use client";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { accountActionRoute, type HostAction, useHostHandles } from "../../embed/host-link";
// the bell's box too, drawn before its code arrives (see HeaderAccount.module.css)
import "../notifications/NotificationBell.module.css";
import { usePlayer } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import { useShellUi } from "../shell/ShellUi";
import { useTicket } from "../ticket/TicketContext";
import accountStyles from "./HeaderAccount.module.css";

/**
 * The place held in the header while the session is checked or the account's code loads. A hidden
 * button keeps it exactly as tall as the account's buttons, whatever the font.
 */
const AccountPlaceholder = () => (
  <span className={accountStyles.account} data-header-account aria-busy="true">
    <span className={`btn ${accountStyles.strut}`} aria-hidden="true">
      &nbsp;
    </span>
  </span>
);

// A signed-in player's balance and sign-out: a visitor's page never downloads their code.
const HeaderAccount = dynamic(() => import("./HeaderAccount").then((m) => m.HeaderAccount), {
  ssr: false,
  loading: AccountPlaceholder,
});

type Action = "sign-in" | "sign-up" | "deposit" | "sports-menu" | "my-bets" | "bet-slip";

/** Header and tab-bar buttons: auth forms open their modal through the URL hash (SPEC §2). */
export function ActionButton({ action, label }: { action: Action; label?: string | undefined }) {
  const t = useTranslations("button");
  const { setSideMenuOpen } = useShellUi();
  const { status } = usePlayer();
  const { platform } = useClientConfig();
  const { openPanel } = useTicket();
  const accountAction: HostAction | undefined =
    action === "sign-in" || action === "sign-up" || action === "deposit" ? action : undefined;
  const route = accountActionRoute(useHostHandles(accountAction), platform.accounts);
  // A player sees the balance and sign-out where a visitor sees sign-in, and no sign-up; while a
  // session cookie is being checked, the place is held so the header does not jump.
  if (status !== "not_logged_in" && (action === "sign-in" || action === "sign-up")) {
    if (action === "sign-up") return null;
    return status === "logged_in" ? <HeaderAccount /> : <AccountPlaceholder />;
  }
  const onClick = () => {
    if (action === "sports-menu") setSideMenuOpen(true);
    else if (action === "sign-in" || action === "sign-up") window.location.hash = action;
    else if (action === "deposit") window.location.hash = "deposit";
    else openPanel(action === "my-bets" ? "MY_BETS" : "BET_SLIP");
  };
  return (
    <button
      type="button"
      className={`btn btn-${action}`}
      data-action={action}
      // where an account action goes (host, modal, disabled): the host learns it once the frame is live
      data-route={accountAction !== undefined ? route : undefined}
      onClick={onClick}
      disabled={accountAction !== undefined && route === "disabled"}
      title={accountAction !== undefined && route === "disabled" ? t("on-platform") : undefined}
    >
      {label ?? t(action)}
    </button>
  );
}
