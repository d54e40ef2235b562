"use client";
import { idText, isMatchId } from "@sportsbook/domain";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { apiFetch, holdsSession } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { handingOver } from "../../lib/frame-session";
import { createFavoritesStore, type FavoritesStore } from "./favorites-store";

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

const call = async (method: "POST" | "DELETE", id: string) => {
  const res = await apiFetch(`/favourites/match/${encodeURIComponent(id)}`, { method });
  if (!res.ok) throw new HttpError(res.status);
};

/** Reads the ids of GET /favourites/match; anything else in the answer is ignored, a wrong shape gives none. */
export function favouriteIds(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((f) => (typeof f?.id === "number" && isMatchId(f.id) ? [idText(f.id)] : []));
}

const Ctx = createContext<FavoritesStore | null>(null);

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() =>
    createFavoritesStore({ add: (id) => call("POST", id), remove: (id) => call("DELETE", id) }),
  );
  useEffect(() => {
    // Only a signed-in player (who holds the CSRF cookie or the frame's token) has favourites to load;
    // on the handover's entry page the session is about to change.
    if (!holdsSession() || handingOver()) return;
    void apiFetch("/favourites/match")
      .then(async (res) => {
        if (!res.ok) return;
        store.replace(favouriteIds(await res.json()));
      })
      .catch((e: unknown) => reportFailure("reading favourites", e));
  }, [store]);
  return <Ctx.Provider value={store}>{children}</Ctx.Provider>;
}

export function useFavorites(): FavoritesStore {
  const s = useContext(Ctx);
  if (!s) throw new Error("useFavorites outside FavoritesProvider");
  return s;
}
