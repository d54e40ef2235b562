"use client";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type OddsFormat, persistOddsFormat, storedOddsFormat } from "./odds-preference";

type Saver = (format: OddsFormat) => void;

interface OddsFormatState {
  format: OddsFormat;
  /** The player's choice: kept on this device, and by the server when someone signed in saves it. */
  setFormat(format: OddsFormat): void;
  /** A choice read back from the server (SPEC §7 GET /settings): kept on this device, not saved again. */
  adopt(format: OddsFormat): void;
  /** Who saves the player's choices while signed in; returns the function that stops it. */
  registerSaver(saver: Saver): () => void;
}

const Ctx = createContext<OddsFormatState>({
  format: "decimal",
  setFormat: () => {},
  adopt: () => {},
  registerSaver: () => () => {},
});

export function OddsFormatProvider({ initial, children }: { initial: OddsFormat; children: ReactNode }) {
  const [format, setState] = useState<OddsFormat>(initial);
  const saver = useRef<Saver | null>(null);
  useEffect(() => {
    const stored = storedOddsFormat(window);
    if (stored && stored !== initial) setState(stored);
  }, [initial]);
  // Stable functions: whoever registers a saver or reads back a choice does so once, not per format.
  const adopt = useCallback((next: OddsFormat) => {
    persistOddsFormat(next, window);
    setState(next);
  }, []);
  const setFormat = useCallback(
    (next: OddsFormat) => {
      adopt(next);
      saver.current?.(next);
    },
    [adopt],
  );
  const registerSaver = useCallback((s: Saver) => {
    saver.current = s;
    return () => {
      if (saver.current === s) saver.current = null;
    };
  }, []);
  const value = useMemo<OddsFormatState>(
    () => ({ format, adopt, setFormat, registerSaver }),
    [format, adopt, setFormat, registerSaver],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useOddsFormat(): OddsFormatState {
  return useContext(Ctx);
}
