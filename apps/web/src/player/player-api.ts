import { accountsResponseSchema, profileSchema } from "@sportsbook/contracts/http/player";
import { apiFetch, jsonBody } from "../lib/client-api";
import { dropFrameSession } from "../lib/frame-session";
import { rememberTags } from "./affiliate";
import { type PlayerAccount, type PlayerProfile, type PlayerSource, SessionExpired } from "./player-store";

/** The Platform API calls behind the player store (SPEC §7). */
export function playerApi(locale: string): PlayerSource {
  return {
    async profile(): Promise<PlayerProfile | null> {
      // SPEC §3: the tracked tags the visit arrived with go with the player's read.
      const tags = new URLSearchParams(rememberTags(window.location.search, document)).toString();
      const res = await apiFetch(tags ? `/player?${tags}` : "/player", { locale });
      if (res.status === 401) throw new SessionExpired();
      if (!res.ok) throw new Error(`GET /player answered ${res.status}`);
      const p = profileSchema.parse(await res.json());
      if (p.id === null || p.is_blocked) return null;
      return {
        id: p.id,
        email: p.email,
        name: p.name,
        firstName: p.first_name,
        lastName: p.last_name,
        nickname: p.nickname,
        phone: p.phone,
        language: p.language,
        currency: p.currency,
        statuses: p.statuses.map((s) => s.id),
        authFieldsMissed: p.auth_fields_missed,
        country: p.country,
      };
    },
    async accounts(): Promise<PlayerAccount[]> {
      const res = await apiFetch("/player/accounts", { locale });
      if (res.status === 401) throw new SessionExpired();
      if (!res.ok) throw new Error(`GET /player/accounts answered ${res.status}`);
      return accountsResponseSchema.parse(await res.json()).data.map((a) => ({
        code: a.currency,
        subunits: a.subunits,
        fiat: a.fiat,
        balance: a.balance,
      }));
    },
    async signOut(): Promise<void> {
      const res = await apiFetch("/player/logout", { method: "POST" });
      dropFrameSession();
      if (!res.ok && res.status !== 401) throw new Error(`POST /player/logout answered ${res.status}`);
    },
    async setCurrency(code: string): Promise<void> {
      const res = await apiFetch("/player/currency", { method: "PUT", ...jsonBody({ currency: code }) });
      if (!res.ok) throw new Error(`PUT /player/currency answered ${res.status}`);
    },
  };
}
