"use client";
import { parsePeriodKey } from "@sportsbook/contracts/periods";
import { MATCH_STATUS } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import type { Statistics } from "../../lib/catalog-schemas";
import { useLiveStore } from "../../live/LiveStoreContext";
import { useMatchClock } from "../../live/match-clock";
import styles from "./Scoreboard.module.css";

/** Scores per period, total, serving side and clock; follows the live store. */
export function Scoreboard({
  matchId,
  home,
  away,
  statistics,
}: {
  matchId: string;
  home: string;
  away: string;
  statistics: Statistics;
}) {
  const t = useTranslations("match");
  const store = useLiveStore();
  const live = useSyncExternalStore(
    (l) => store.subscribe(matchId, l),
    () => store.match(matchId),
    () => undefined,
  );
  const stats = (live?.statistics as Statistics | undefined) ?? statistics;
  const clock = useMatchClock(stats.clock, live?.status === MATCH_STATUS.live);
  if (!stats.total_score && !stats.period_score?.length) return null;
  const periods = stats.period_score ?? [];
  // a period the feed keys by kind reads in the page's language; any other keeps the feed's name
  const periodLabel = (p: (typeof periods)[number]) => {
    const key = p.period_key === undefined ? undefined : parsePeriodKey(p.period_key);
    return key ? t(`periods.${key.kind}`, { n: key.number }) : (p.period_name ?? p.number);
  };
  const row = (side: "home" | "away", name: string) => (
    <tr>
      <th scope="row">
        {name}
        {stats.current_server === side ? (
          <span className="serving" title={t("serving")}>
            {" "}
            ●
          </span>
        ) : null}
      </th>
      {periods.map((p) => (
        <td key={`${p.period_key ?? p.number}`}>{p[side]}</td>
      ))}
      {stats.game_score ? <td>{stats.game_score[side]}</td> : null}
      <td className="total">{stats.total_score?.[side] ?? "–"}</td>
    </tr>
  );
  return (
    <section className={styles.scoreboard} aria-label={t("scoreboard")}>
      <table>
        <thead>
          <tr>
            <th scope="col">{clock ? `${clock}′` : ""}</th>
            {periods.map((p) => (
              <th key={`${p.period_key ?? p.number}`} scope="col">
                {periodLabel(p)}
              </th>
            ))}
            {stats.game_score ? <th scope="col">{t("game")}</th> : null}
            <th scope="col">{t("total")}</th>
          </tr>
        </thead>
        <tbody>
          {row("home", home)}
          {row("away", away)}
        </tbody>
      </table>
    </section>
  );
}
