"use client";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

interface ShellUi {
  sideMenuOpen: boolean;
  setSideMenuOpen(open: boolean): void;
}

const Ctx = createContext<ShellUi | null>(null);

/** UI state of the frame itself (the mobile side menu). */
export function ShellUiProvider({ children }: { children: ReactNode }) {
  const [sideMenuOpen, setSideMenuOpen] = useState(false);
  const value = useMemo(() => ({ sideMenuOpen, setSideMenuOpen }), [sideMenuOpen]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useShellUi(): ShellUi {
  const c = useContext(Ctx);
  if (!c) throw new Error("useShellUi outside ShellUiProvider");
  return c;
}
