import type { PlayerSource } from "./player-store";

/**
 * The player API with its response schemas fetched on the first call: a visitor who never signs in
 * never downloads them, so browsing pages stay light.
 */
export function lazyPlayerApi(locale: string): PlayerSource {
  const api = () => import("./player-api").then((m) => m.playerApi(locale));
  return {
    profile: async () => (await api()).profile(),
    accounts: async () => (await api()).accounts(),
    signOut: async () => (await api()).signOut(),
    setCurrency: async (code) => (await api()).setCurrency(code),
  };
}
