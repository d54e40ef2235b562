"use client";
import { createContext, type ReactNode, useContext, useState } from "react";
import { LiveStore } from "./live-store";

const Ctx = createContext<LiveStore | null>(null);

export function LiveStoreProvider({ children, store }: { children: ReactNode; store?: LiveStore }) {
  const [s] = useState(() => store ?? new LiveStore());
  return <Ctx.Provider value={s}>{children}</Ctx.Provider>;
}

export function useLiveStore(): LiveStore {
  const s = useContext(Ctx);
  if (!s) throw new Error("useLiveStore outside LiveStoreProvider");
  return s;
}
