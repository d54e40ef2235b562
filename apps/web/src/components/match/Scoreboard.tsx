"use client";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import type { Match, Statistics } from "../../lib/catalog-schemas";
import { useLiveStore } from "../../live/LiveStoreContext";

/** Scores per period, total, serving side and clock; follows the live store. */
export function Scoreboard({ match: m }: { match: Match; locale: string }) {
  const t = useTranslations("match");
  const store = useLiveStore();
  const live = useSyncExternalStore(
    (l) => store.subscribe(m.id, l),
    () => store.match(m.id),
    () => undefined,
  );
  const stats = (live?.statistics as Statistics | undefined) ?? m.statistics ?? undefined;
  if (!stats) return null;
  const periods = stats.period_score ?? [];
  const server = stats.current_server;
  const row = (side: "home" | "away") => (
    <tr>
      <th scope="row">
        {m.competitors?.[side].name}
        {server === side ? (
          <span className="serving" title={t("serving")}>
            {" "}
            ●
          </span>
        ) : null}
      </th>
      {periods.map((p) => (
        <td key={`${p.period_key ?? p.number}`}>{p[side] ?? "–"}</td>
      ))}
      {stats.game_score ? <td>{stats.game_score[side] ?? "–"}</td> : null}
      <td className="total">{stats.total_score?.[side] ?? "–"}</td>
    </tr>
  );
  return (
    <section className="scoreboard" aria-label={t("scoreboard")}>
      <table>
        <thead>
          <tr>
            <th scope="col">{stats.clock?.match_time ? `${stats.clock.match_time}′` : ""}</th>
            {periods.map((p) => (
              <th key={`${p.period_key ?? p.number}`} scope="col">
                {p.period_name ?? p.number}
              </th>
            ))}
            {stats.game_score ? <th scope="col">G</th> : null}
            <th scope="col">{t("total")}</th>
          </tr>
        </thead>
        <tbody>
          {row("home")}
          {row("away")}
        </tbody>
      </table>
    </section>
  );
}
