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

export function OddsFormatProvider({
  initial,
  available,
  children,
}: {
  initial: OddsFormat;
  /** SPEC §3 odds_types.available: a choice outside it (kept from before, or saved) is not shown. */
  available?: readonly OddsFormat[];
  children: ReactNode;
}) {
  const [format, setState] = useState<OddsFormat>(initial);
  const saver = useRef<Saver | null>(null);
  const offered = useRef(available);
  offered.current = available;
  useEffect(() => {
    const stored = storedOddsFormat(window);
    if (stored && stored !== initial && (offered.current?.includes(stored) ?? true)) setState(stored);
  }, [initial]);
  // Stable functions: whoever registers a saver or reads back a choice does so once, not per format.
  const adopt = useCallback((next: OddsFormat) => {
    if (!(offered.current?.includes(next) ?? true)) return;
    persistOddsFormat(next, window);
    setState(next);
  }, []);
  const setFormat = useCallback(
    (next: OddsFormat) => {
      if (!(offered.current?.includes(next) ?? true)) return;
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
