"use client";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { z } from "zod";
import { apiFetch, csrfToken } from "../../lib/client-api";
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

const listSchema = z.object({ data: z.array(z.object({ id: z.number() })) });

const Ctx = createContext<FavoritesStore | null>(null);

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() =>
    createFavoritesStore({ add: (id) => call("POST", id), remove: (id) => call("DELETE", id) }),
  );
  useEffect(() => {
    // Only a signed-in player (who holds the CSRF cookie) has favourites to load.
    if (!csrfToken(document.cookie)) return;
    void apiFetch("/favourites/match")
      .then(async (res) => {
        if (!res.ok) return;
        const parsed = listSchema.safeParse(await res.json());
        if (parsed.success) store.replace(parsed.data.data.map((f) => String(f.id)));
      })
      .catch(() => {});
  }, [store]);
  return <Ctx.Provider value={store}>{children}</Ctx.Provider>;
}

export function useFavorites(): FavoritesStore {
  const s = useContext(Ctx);
  if (!s) throw new Error("useFavorites outside FavoritesProvider");
  return s;
}
