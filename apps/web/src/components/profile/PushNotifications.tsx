"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { disablePush, enablePush, type PushState, pushState } from "../../player/web-push";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Profile.module.css";

/**
 * The opt-in to Web Push on this device (SPEC §1 push notifications): a settled or cashed-out bet and
 * a new bonus reach the player with the site closed. Each browser is opted in on its own.
 */
export function PushNotifications() {
  const t = useTranslations("push");
  const { locale } = useClientConfig();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    pushState().then(
      (s) => current && setState(s),
      (e: unknown) => {
        console.error("reading the push state failed", e);
        if (current) setState("off");
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? enablePush(locale) : disablePush(locale)));
    } catch (err) {
      console.error("changing push notifications failed", err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const note =
    state === "unsupported"
      ? t("unsupported")
      : state === "denied"
        ? t("denied")
        : state === "on"
          ? t("on")
          : t("off");
  return (
    <section
      className={styles.section}
      aria-labelledby="push-title"
      data-section="push"
      data-push={state ?? "loading"}
    >
      <h2 id="push-title">{t("title")}</h2>
      <p className={styles.note}>{t("note")}</p>
      <label className={styles.settingRow}>
        <span>{t("toggle")}</span>
        <input
          type="checkbox"
          role="switch"
          name="push"
          data-action="push-toggle"
          checked={state === "on"}
          aria-checked={state === "on"}
          disabled={busy || state === null || state === "unsupported" || state === "denied"}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </label>
      {state !== null ? (
        <p role="status" className={styles.note}>
          {note}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className={styles.error} data-refusal="push">
          {t("failed")}
        </p>
      ) : null}
    </section>
  );
}
