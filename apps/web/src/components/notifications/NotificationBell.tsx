"use client";
import type { Notification } from "@sportsbook/contracts/http/notifications";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import bellStyles from "./NotificationBell.module.css";
import styles from "./Notifications.module.css";
import { notificationText } from "./notification-text";
import { fetchNotifications, fetchUnread, markAllRead, markRead } from "./notifications-api";

/**
 * The header's notifications (SPEC §7 notification calls): a bell with the unread count, kept live
 * by `unread_counters_changed`, opening the newest notifications; opening one marks it read.
 */
export function NotificationBell() {
  const t = useTranslations("notifications");
  const te = useTranslations("global-error.default");
  const tAll = useTranslations();
  const alerts = useAlerts();
  const { locale } = useClientConfig();
  const player = usePlayer();
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<{ items: Notification[]; pages: number; page: number } | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  const fail = useCallback(
    (what: string) => (e: unknown) => {
      reportFailure(what, e);
      alerts.push({ kind: "danger", title: te("title"), description: t("failed") });
    },
    [alerts, te, t],
  );

  // Only the latest read counts: an earlier one answering late would bring back an older count.
  const unreadRead = useRef(0);
  const readUnread = useCallback(() => {
    const seq = ++unreadRead.current;
    return fetchUnread(locale).then((n) => {
      if (seq === unreadRead.current) setUnread(n);
    }, fail("reading the unread count"));
  }, [locale, fail]);
  useEffect(() => {
    void readUnread();
  }, [readUnread]);

  const load = useCallback(
    (page: number) =>
      fetchNotifications(locale, page).then(
        (r) =>
          setList((prev) => ({
            items: page === 1 ? r.data : [...(prev?.items ?? []), ...r.data],
            pages: r.pagination.last_page,
            page,
          })),
        fail("reading notifications"),
      ),
    [locale, fail],
  );

  // A new one is read from the API (open list) or on the next opening (closed list).
  const stale = () => (open ? void load(1) : setList(null));
  useUserEvents(
    (event) => {
      if (event.type === "unread_counters_changed") setUnread(event.unread);
      if (event.type === "notification") stale();
    },
    () => {
      void readUnread();
      stale();
    },
  );

  useEffect(() => {
    if (!open) return;
    if (!list) void load(1);
    const close = (e: KeyboardEvent | MouseEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !root.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("mousedown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("mousedown", close);
    };
  }, [open, list, load]);

  const read = (n: Notification) => {
    if (n.read) return;
    setList(
      (prev) => prev && { ...prev, items: prev.items.map((i) => (i.id === n.id ? { ...i, read: true } : i)) },
    );
    markRead([n.id], locale).catch(fail("marking a notification read"));
  };
  const readAll = () => {
    setList((prev) => prev && { ...prev, items: prev.items.map((i) => ({ ...i, read: true })) });
    markAllRead(locale).catch(fail("marking notifications read"));
  };

  const count = unread ?? 0;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  return (
    <div className={bellStyles.bell} ref={root}>
      <button
        type="button"
        className={`btn ${bellStyles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        data-action="notifications"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        <span className="sr-only">
          {t("open")}, {t("unread", { count })}
        </span>
        {count > 0 ? (
          <span className={bellStyles.badge} data-unread={count} aria-hidden="true">
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} className={styles.panel} aria-label={t("open")} data-notifications>
          <header className={styles.head}>
            <h2>{t("open")}</h2>
            <button
              type="button"
              className="btn"
              data-action="read-all"
              disabled={count === 0}
              onClick={readAll}
            >
              {t("read-all")}
            </button>
          </header>
          {!list ? (
            <p aria-busy="true" />
          ) : list.items.length === 0 ? (
            <p className={styles.empty}>{t("empty")}</p>
          ) : (
            <ul className={styles.list}>
              {list.items.map((n) => {
                const text = notificationText(
                  n,
                  (k, v) => tAll(k as never, v as never),
                  player.accounts,
                  locale,
                );
                return (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={styles.item}
                      data-notification={n.type}
                      data-read={n.read}
                      onClick={() => read(n)}
                    >
                      <strong>{text.title}</strong>
                      <span>{text.body}</span>
                      <time dateTime={n.created_at}>{when.format(new Date(n.created_at))}</time>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {list && list.page < list.pages ? (
            <button
              type="button"
              className="btn"
              data-action="older"
              onClick={() => void load(list.page + 1)}
            >
              {t("more")}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
