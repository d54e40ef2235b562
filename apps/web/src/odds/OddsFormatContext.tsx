"use client";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { type OddsFormat, persistOddsFormat, storedOddsFormat } from "./odds-preference";

interface OddsFormatState {
  format: OddsFormat;
  setFormat(format: OddsFormat): void;
}

const Ctx = createContext<OddsFormatState>({ format: "decimal", setFormat: () => {} });

export function OddsFormatProvider({ initial, children }: { initial: OddsFormat; children: ReactNode }) {
  const [format, setState] = useState<OddsFormat>(initial);
  useEffect(() => {
    const stored = storedOddsFormat(window);
    if (stored && stored !== initial) setState(stored);
  }, [initial]);
  const value = useMemo<OddsFormatState>(
    () => ({
      format,
      setFormat(next) {
        persistOddsFormat(next, window);
        setState(next);
        // A signed-in player's choice is also kept by the server (SPEC §7 POST /settings); visitors get 401.
        void fetch("/api/settings", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ odds_type: next }),
          credentials: "include",
        }).catch(() => {});
      },
    }),
    [format],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useOddsFormat(): OddsFormatState {
  return useContext(Ctx);
}
