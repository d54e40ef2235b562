"use client";

import { useCallback, useEffect, useState } from "react";
import { boFetch } from "./api";

/** Reads `path` from the back office's API, again whenever `path` changes or `reload` is called. */
export function useLoad<T>(path: string | null): { data?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the reload trigger
  useEffect(() => {
    if (path === null) return;
    let live = true;
    boFetch<T>(path).then(
      (data) => live && setState({ data }),
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
