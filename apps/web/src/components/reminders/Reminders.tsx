"use client";
import { DEPOSIT_REMINDER_SUPPRESS_S, shouldRemindDeposit, shouldRemindSignUp } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";

/** SPEC §3 storage: a cookie keeps the deposit reminder away for a day once shown. */
const DEPOSIT_SUPPRESSED_COOKIE = "sb_deposit_reminder";
/** Local storage: someone has signed in on this device; the sign-up reminder was shown. */
const REGISTERED_KEY = "registered";
const SIGN_UP_SHOWN_KEY = "signUpReminder";

type Reminder = "deposit" | "sign-up";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // storage refused (private mode, blocked cookies): reminders are simply not remembered
    return null;
  }
}

/**
 * The deposit reminder (a signed-in player with an empty balance, after the operator's delay, once
 * a day) and the sign-up reminder (a visitor, once, after the operator's delay) of SPEC §9.
 */
export function Reminders() {
  const config = useClientConfig();
  const player = usePlayer();
  const [open, setOpen] = useState<Reminder | null>(null);
  const loggedIn = player.status === "logged_in";
  const authKnown = player.status === "logged_in" || player.status === "not_logged_in";
  const balance = currentAccount(player)?.balance;
  const statuses = player.profile?.statuses ?? [];
  const { show, playerGroupId, remindAfterSeconds } = config.depositReminder;
  const statusKey = statuses.join(",");

  useEffect(() => {
    if (loggedIn) storage()?.setItem(REGISTERED_KEY, "1");
  }, [loggedIn]);

  useEffect(() => {
    if (balance === undefined) return;
    const due = shouldRemindDeposit({
      enabled: show,
      playerGroupId,
      loggedIn,
      statuses: statusKey ? statusKey.split(",") : [],
      balance,
      suppressed: document.cookie.split("; ").some((c) => c.startsWith(`${DEPOSIT_SUPPRESSED_COOKIE}=`)),
    });
    if (!due) return;
    const timer = setTimeout(() => {
      const secure = window.location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: the suppression is a cookie (SPEC §3 storage).
      document.cookie = `${DEPOSIT_SUPPRESSED_COOKIE}=1; Max-Age=${DEPOSIT_REMINDER_SUPPRESS_S}; Path=/; SameSite=Lax${secure}`;
      setOpen("deposit");
    }, remindAfterSeconds * 1000);
    return () => clearTimeout(timer);
  }, [show, playerGroupId, remindAfterSeconds, loggedIn, statusKey, balance]);

  useEffect(() => {
    const store = storage();
    const due = shouldRemindSignUp({
      seconds: config.signUpReminderSeconds,
      loggedIn,
      authKnown,
      registeredHere: store?.getItem(REGISTERED_KEY) === "1",
      alreadyShown: store?.getItem(SIGN_UP_SHOWN_KEY) === "1",
    });
    if (!due) return;
    const timer = setTimeout(() => {
      store?.setItem(SIGN_UP_SHOWN_KEY, "1");
      setOpen("sign-up");
    }, config.signUpReminderSeconds * 1000);
    return () => clearTimeout(timer);
  }, [config.signUpReminderSeconds, loggedIn, authKnown]);

  // A reminder that no longer applies (signed in meanwhile, a deposit arrived) goes away.
  const stale = (open === "sign-up" && loggedIn) || (open === "deposit" && (!loggedIn || (balance ?? 0) > 0));
  if (!open || stale) return null;
  return <ReminderDialog kind={open} onClose={() => setOpen(null)} />;
}

function ReminderDialog({ kind, onClose }: { kind: Reminder; onClose: () => void }) {
  const t = useTranslations(`reminders.${kind}`);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  const go = (hash: string) => {
    ref.current?.close();
    window.location.hash = hash;
  };
  return (
    <dialog
      ref={ref}
      className="modal"
      data-modal={`${kind}-reminder`}
      aria-labelledby="reminder-title"
      onClose={onClose}
    >
      <div className="modal-body">
        <h2 id="reminder-title">{t("title")}</h2>
        <p>{t("description")}</p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {t("later")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-action={kind === "deposit" ? "reminder-deposit" : "reminder-sign-up"}
            onClick={() => go(kind === "deposit" ? "deposit" : "sign-up")}
          >
            {t("action")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
