/** Favourite match ids with optimistic toggling: the change shows at once and reverts if the server refuses. */
export interface FavoritesApi {
  add(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export function createFavoritesStore(api: FavoritesApi, initial: Iterable<string> = []) {
  let ids = new Set(initial);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    has: (id: string) => ids.has(id),
    replace(next: Iterable<string>) {
      ids = new Set(next);
      emit();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    /** Flips one id now; restores it and rethrows when the server call fails (SPEC §4 favourites). */
    async toggle(id: string): Promise<void> {
      const wasFavourite = ids.has(id);
      const flip = (on: boolean) => {
        ids = new Set(ids);
        if (on) ids.add(id);
        else ids.delete(id);
        emit();
      };
      flip(!wasFavourite);
      try {
        await (wasFavourite ? api.remove(id) : api.add(id));
      } catch (err) {
        flip(wasFavourite);
        throw err;
      }
    },
  };
}
export type FavoritesStore = ReturnType<typeof createFavoritesStore>;
