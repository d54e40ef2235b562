"use client";
import { MATCH_STATUS, type MatchStatus } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import type { Statistics } from "../lib/catalog-schemas";
import { useLiveStore } from "./LiveStoreContext";
import { staleKey } from "./live-store";
import styles from "./MatchLive.module.css";
import { useMatchClock } from "./match-clock";

const STATUS_KEYS = {
  [MATCH_STATUS.prematch]: "prematch",
  [MATCH_STATUS.live]: "live",
  [MATCH_STATUS.stopped]: "stopped",
  [MATCH_STATUS.closed]: "closed",
  [MATCH_STATUS.finished]: "finished",
  [MATCH_STATUS.notCovered]: "not-covered",
} as const satisfies Record<MatchStatus, string>;

export function statusKey(status: number): (typeof STATUS_KEYS)[MatchStatus] {
  return STATUS_KEYS[status as MatchStatus] ?? "prematch";
}

/** Status, clock and score of a match, kept current from the live store. */
export function MatchLive({
  matchId,
  status,
  statistics,
  outright = false,
}: {
  matchId: string;
  status: number;
  statistics: Statistics;
  /** An outright is never "not started": it is open for bets until it is decided. */
  outright?: boolean;
}) {
  const store = useLiveStore();
  const t = useTranslations("match");
  const live = useSyncExternalStore(
    (l) => store.subscribe(matchId, l),
    () => store.match(matchId),
    () => undefined,
  );
  // Updates to the match were lost and reading it again failed: its prices may be old.
  const stale = useSyncExternalStore(
    (l) => store.subscribe(staleKey(matchId), l),
    () => store.isStale(matchId),
    () => false,
  );
  const tp = useTranslations("live-prices");
  const s = live?.status ?? status;
  const stats = (live?.statistics as Statistics | undefined) ?? statistics;
  const score = stats.total_score;
  const clock = useMatchClock(stats.clock, s === MATCH_STATUS.live);
  // A match that ends while shown leaves a list of live matches, as it would on the next load.
  const ended = status === MATCH_STATUS.live && (s === MATCH_STATUS.finished || s === MATCH_STATUS.closed);
  return (
    <div className={styles.live} data-match-live data-status={s} data-ended={ended || undefined}>
      <span
        className={s === MATCH_STATUS.live ? styles.statusLive : undefined}
        data-status-key={statusKey(s)}
      >
        {outright && statusKey(s) === "prematch" ? t("status.open") : t(`status.${statusKey(s)}`)}
      </span>
      {/* between periods the moment is told in words (half-time, not a clock stopped at 45:00) */}
      {stats.phase && s === MATCH_STATUS.live ? (
        <span className="clock-time" data-phase={stats.phase}>
          {t(`phase.${stats.phase}`)}
        </span>
      ) : clock && s === MATCH_STATUS.live ? (
        <span className="clock-time" data-clock={stats.clock?.stopped ? "stopped" : "running"}>
          {clock}′
        </span>
      ) : null}
      {score && s !== 0 ? (
        <span className={styles.score} data-score>
          {score.home}:{score.away}
        </span>
      ) : null}
      {stale ? (
        <span className={styles.stale} data-prices-stale role="status">
          {tp("stale")}
        </span>
      ) : null}
    </div>
  );
}
