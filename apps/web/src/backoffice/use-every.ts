"use client";

import { useEffect } from "react";

/**
 * Calls `tick` every `ms` while the page is open. Figures no realtime event carries (the book's
 * liabilities are worked out from every open bet) are kept fresh this way.
 */
export function useEvery(ms: number, tick: () => void): void {
  useEffect(() => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [ms, tick]);
}
