"use client";
import type { DeviceSession } from "@sportsbook/contracts/identity";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Profile.module.css";
import { fetchDevices, signOutDevice, signOutOtherDevices } from "./profile-api";

/** A short name for a device from its user agent: browser and system, as a player recognises them. */
function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  const name = [browser, system].filter(Boolean).join(" · ");
  return name || userAgent.slice(0, 60);
}

/** The player's signed-in devices; any other one can be signed out, or all of them at once. */
export function DevicesList() {
  const t = useTranslations("profile.devices");
  const te = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const [devices, setDevices] = useState<DeviceSession[] | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const reload = useCallback(() => {
    fetchDevices(locale).then(setDevices, (e: unknown) => {
      reportFailure("reading the devices", e);
      setMessage({ kind: "error", text: t("failed") });
    });
  }, [locale, t]);
  useEffect(reload, [reload]);

  const after = (r: { ok: true; value?: unknown } | { ok: false; message: string }, done: string) => {
    setMessage(r.ok ? { kind: "done", text: done } : { kind: "error", text: r.message });
    reload();
  };
  const others = devices?.filter((d) => !d.current) ?? [];
  return (
    <section className={styles.section} aria-labelledby="devices-title" data-section="devices">
      <h2 id="devices-title">{t("title")}</h2>
      {!devices ? (
        <p aria-busy="true" />
      ) : (
        <ul className={styles.list}>
          {devices.map((d) => (
            <li key={d.id} className={styles.row} data-device={d.current ? "current" : "other"}>
              <div>
                <strong>{deviceName(d.user_agent) ?? t("unknown")}</strong>
                {d.current ? <span className={styles.badge}>{t("this-device")}</span> : null}
                <p className={styles.note}>
                  {t("seen", { signedIn: when(d.created_at), seen: when(d.last_seen_at) })}
                  {d.ip ? ` · ${d.ip}` : ""}
                </p>
              </div>
              {d.current ? null : (
                <button
                  type="button"
                  className="btn"
                  data-action="sign-out-device"
                  onClick={async () =>
                    after(await signOutDevice(d.id, locale, te("description")), t("signed-out"))
                  }
                >
                  {t("sign-out")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn"
        data-action="sign-out-others"
        disabled={others.length === 0}
        onClick={async () => {
          const r = await signOutOtherDevices(locale, te("description"));
          after(r, r.ok ? t("signed-out-others", { count: r.value }) : "");
        }}
      >
        {t("sign-out-others")}
      </button>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? styles.error : styles.note}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
