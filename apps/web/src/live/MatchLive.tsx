"use client";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import type { Statistics } from "../lib/catalog-schemas";
import { useLiveStore } from "./LiveStoreContext";

const STATUS_KEYS = ["prematch", "live", "stopped", "closed", "finished", "not-covered"] as const;

/** Status, clock and score of a match, kept current from the live store. */
export function MatchLive({
  matchId,
  status,
  statistics,
}: {
  matchId: string;
  status: number;
  statistics?: Statistics | null;
}) {
  const store = useLiveStore();
  const t = useTranslations("match");
  const live = useSyncExternalStore(
    (l) => store.subscribe(matchId, l),
    () => store.match(matchId),
    () => undefined,
  );
  const s = live?.status ?? status;
  const stats = (live?.statistics as Statistics | undefined) ?? statistics ?? undefined;
  const score = stats?.total_score;
  const clock = stats?.clock?.match_time;
  return (
    <div className="match-live" data-status={s}>
      <span className={`status status-${STATUS_KEYS[s] ?? "prematch"}`}>
        {t(`status.${STATUS_KEYS[s] ?? "prematch"}`)}
      </span>
      {clock ? <span className="clock-time">{clock}′</span> : null}
      {score && (score.home != null || score.away != null) ? (
        <span className="score" data-score>
          {score.home ?? 0}:{score.away ?? 0}
        </span>
      ) : null}
    </div>
  );
}
