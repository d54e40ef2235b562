"use client";
import type { Limit } from "@sportsbook/contracts/identity";
import {
  ACTIVITY_TICK_MS,
  type Currency,
  formatMoney,
  money,
  SESSION_INFO_POLL_MS,
  shouldTrackActivity,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { localizeHref } from "../../lib/locale-url";
import { usePlayer, usePlayerStore } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import { activityTick, continueSession, fetchLimits, fetchSessionsInfo } from "./limits-api";

/** "1 h 05 min" style text of a session's length, in the page's language. */
function durationText(seconds: number, locale: string): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const unit = (value: number, u: "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "long" }).format(value);
  return hours > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(minutes, "minute");
}

/**
 * Responsible gambling while signed in (SPEC §5, §9): the session's length and reality check read
 * every 30 s (a 400 stops it), the reality-check modal when one is due, and the activity tick every
 * 60 s while the page is visible and an activity limit is active. A limit that ends the session
 * answers 401 `outOfLimit`, which signs the player out with the modal of that limit.
 */
export function SessionWatch() {
  const player = usePlayer();
  const store = usePlayerStore();
  const config = useClientConfig();
  const { locale } = config;
  const t = useTranslations("player.reality-check");
  const signedIn = player.status === "logged_in";
  // the session's length and its net result on bets when a reality check fell due
  const [due, setDue] = useState<{ seconds: number; net: { value: number; currency: string } } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const answer = await fetchSessionsInfo(locale).catch((e: unknown) => {
        reportFailure("reading the session info", e);
        return null;
      });
      if (stopped) return;
      if (answer?.ok && answer.info.reality_check?.is_due)
        setDue({ seconds: answer.info.duration_seconds, net: answer.info.net_result });
      if (answer && !answer.ok && answer.status === 400) return;
      timer = setTimeout(() => void poll(), SESSION_INFO_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn, locale]);

  useEffect(() => {
    if (!signedIn || !config.activityTracking) return;
    let limits: Limit[] = [];
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    fetchLimits(locale)
      .then((read) => {
        limits = read;
        if (stopped || !shouldTrackActivity(config.activityTracking, true, limits)) return;
        timer = setInterval(() => {
          if (document.visibilityState !== "visible") return;
          activityTick(locale).catch((e: unknown) => reportFailure("activity tracking", e));
        }, ACTIVITY_TICK_MS);
      })
      .catch((e: unknown) => reportFailure("reading the limits", e));
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [signedIn, locale, config.activityTracking]);

  useEffect(() => {
    const d = dialog.current;
    if (due !== null && d && !d.open) d.showModal?.();
  }, [due]);

  if (due === null || !signedIn) return null;
  const carryOn = () => {
    setDue(null);
    continueSession(locale).catch((e: unknown) => reportFailure("continuing the session", e));
  };
  return (
    // The player answers it: Escape does not dismiss the reminder unseen.
    <dialog
      ref={dialog}
      className="modal"
      data-modal="reality-check"
      aria-labelledby="reality-check-title"
      onCancel={(e) => e.preventDefault()}
    >
      <div className="modal-body">
        <h2 id="reality-check-title">{t("title")}</h2>
        <p>{t("description", { duration: durationText(due.seconds, locale) })}</p>
        <p data-net-result={due.net.value}>
          {t(due.net.value > 0 ? "net-won" : due.net.value < 0 ? "net-lost" : "net-even", {
            amount: netAmount(due.net, player.accounts, locale),
          })}
        </p>
        {config.responsibleGambling ? (
          <p>
            <a href={localizeHref("/profile/limits", locale, config)}>{t("limits")}</a>
          </p>
        ) : null}
        <div className="modal-actions">
          <button
            type="button"
            className="btn"
            data-action="reality-sign-out"
            onClick={() => {
              setDue(null);
              store.signOut().catch((e: unknown) => reportFailure("signing out", e));
            }}
          >
            {t("sign-out")}
          </button>
          <button type="button" className="btn btn-primary" data-action="reality-continue" onClick={carryOn}>
            {t("continue")}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** The amount of a net result without its sign (the sentence says won or lost), in the account's decimals. */
function netAmount(
  net: { value: number; currency: string },
  accounts: readonly Currency[],
  locale: string,
): string {
  // the result is in the player's current currency, whose account the player holds
  const currency = accounts.find((a) => a.code === net.currency) ?? {
    code: net.currency,
    subunits: 2,
    fiat: true,
  };
  return formatMoney(money(Math.abs(net.value), net.currency), currency, locale);
}
