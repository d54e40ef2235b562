"use client";

import type { FeedHealthView } from "@sportsbook/contracts";
import { STAFF_LOCALE } from "./money";
import { Problem } from "./Problem";
import { t } from "./strings";
import { useEvery } from "./use-every";
import { useLoad } from "./use-load";

/** How often the figures are read again. */
const FEED_HEALTH_REFRESH_MS = 5_000;

const when = (at: string | null) =>
  at === null ? t.feed.unknown : new Date(at).toLocaleString(STAFF_LOCALE);
const figure = (n: number | null) => (n === null ? t.feed.unknown : n.toLocaleString(STAFF_LOCALE));

/** Each feed provider's producers: up or down, last heard, recovery, throughput, lag and the last refusal. */
export function FeedHealthPage() {
  const { data, error, reload } = useLoad<FeedHealthView>("/feed");
  useEvery(FEED_HEALTH_REFRESH_MS, reload);
  const feed = data?.data;
  return (
    <section>
      <h1>{t.feed.title}</h1>
      <p>
        {t.feed.intro} {t.feed.live}
      </p>
      <Problem>{error}</Problem>
      {feed && (
        <>
          <p>{feed.leader ? `${t.feed.leader} ${feed.leader}` : t.feed.noLeader}</p>
          {feed.leader && !feed.runs_feed && <p>{t.feed.elsewhere}</p>}
          {feed.providers.length === 0 && <p>{t.feed.none}</p>}
          {feed.providers.map((p) => (
            <section key={p.provider} aria-label={p.provider}>
              <h2>{p.provider}</h2>
              <p>
                {t.feed.lastRefusal}:{" "}
                {p.last_refusal
                  ? `${p.last_refusal.code} · ${when(p.last_refusal.at)} · ${p.last_refusal.total} ${t.feed.refusals}`
                  : t.feed.noRefusal}
              </p>
              <table className="bo-table" aria-label={`${t.feed.title} ${p.provider}`}>
                <thead>
                  <tr>
                    <th scope="col">{t.feed.producer}</th>
                    <th scope="col">{t.feed.kind}</th>
                    <th scope="col">{t.feed.status}</th>
                    <th scope="col">{t.feed.lastAlive}</th>
                    <th scope="col">{t.feed.lastMessage}</th>
                    <th scope="col">{t.feed.recovery}</th>
                    <th scope="col">{t.feed.perMinute}</th>
                    <th scope="col">{t.feed.lag}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.producers.map((r) => (
                    <tr key={r.producer}>
                      <th scope="row">{r.producer}</th>
                      <td>{t.feed.kinds[r.kind]}</td>
                      <td>
                        {r.status === "up" ? t.feed.up : t.feed.down}
                        {r.stale ? ` (${t.feed.stale})` : ""}
                      </td>
                      <td>{when(r.last_alive_at)}</td>
                      <td>{when(r.last_message_at)}</td>
                      <td>
                        {r.recovering === null
                          ? t.feed.unknown
                          : r.recovering
                            ? t.feed.recovering
                            : t.feed.notRecovering}
                      </td>
                      <td>{figure(r.messages_per_minute)}</td>
                      <td>{figure(r.lag_ms)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
