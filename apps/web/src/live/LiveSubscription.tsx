"use client";
import { useEffect } from "react";
import { useLive } from "./LiveProvider";

/** Keeps the given matches' channels subscribed while this list is on screen. */
export function LiveSubscription({ matchIds }: { matchIds: readonly string[] }) {
  const live = useLive();
  const key = matchIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the id list.
  useEffect(() => {
    if (!live) return;
    return live.watchMatches(matchIds);
  }, [live, key]);
  return null;
}
