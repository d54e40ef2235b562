"use client";
import { useTranslations } from "next-intl";
import { apiFetch } from "../../lib/client-api";
import { useClientConfig } from "../shell/ClientConfig";
import { useShellUi } from "../shell/ShellUi";

type Action = "sign-in" | "sign-up" | "deposit" | "sports-menu" | "my-bets" | "bet-slip";

/** Header and tab-bar buttons: auth forms open their modal through the URL hash (SPEC §2). */
export function ActionButton({ action, label }: { action: Action; label?: string | undefined }) {
  const t = useTranslations("button");
  const { setSideMenuOpen } = useShellUi();
  const { signedIn } = useClientConfig();
  // A player sees sign-out where a visitor sees sign-in, and no sign-up.
  if (signedIn && action === "sign-up") return null;
  if (signedIn && action === "sign-in") {
    return (
      <button
        type="button"
        className="btn btn-sign-out"
        data-action="sign-out"
        onClick={async () => {
          await apiFetch("/player/logout", { method: "POST" }).catch(() => null);
          window.location.reload();
        }}
      >
        {t("sign-out")}
      </button>
    );
  }
  const onClick = () => {
    if (action === "sports-menu") setSideMenuOpen(true);
    else if (action === "sign-in" || action === "sign-up") window.location.hash = action;
    else if (action === "deposit") window.location.hash = "deposit";
    else
      window.dispatchEvent(
        new CustomEvent("sb:ticket", { detail: action === "my-bets" ? "MY_BETS" : "BET_SLIP" }),
      );
  };
  return (
    <button type="button" className={`btn btn-${action}`} data-action={action} onClick={onClick}>
      {label ?? t(action)}
    </button>
  );
}
