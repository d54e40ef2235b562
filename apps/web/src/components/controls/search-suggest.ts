import { searchResponseSchema } from "@sportsbook/contracts/http/catalogue";
import { idText } from "@sportsbook/domain";
import { matchSlug } from "../../lib/catalog-schemas";
import { apiFetch } from "../../lib/client-api";
import { type LocaleUrlConfig, localizeHref } from "../../lib/locale-url";

/** One suggestion under the search box: a match, with the page it opens. */
export interface Suggestion {
  id: string;
  label: string;
  detail: string;
  href: string;
}

/** How many suggestions the box shows; the results page holds the rest. */
const SUGGESTION_LIMIT = 8;

/** Matches whose names fit the query (GET /search with names only), as links in the page's locale. */
export async function fetchSuggestions(
  q: string,
  config: LocaleUrlConfig & { locale: string },
  signal: AbortSignal,
): Promise<Suggestion[]> {
  const query = new URLSearchParams({ q, only_events_name: "true", limit: String(SUGGESTION_LIMIT) });
  const res = await apiFetch(`/search?${query}`, { locale: config.locale, signal });
  if (!res.ok) throw new Error(`GET /search answered ${res.status}`);
  const found = searchResponseSchema.parse(await res.json()).data.matches;
  return found.slice(0, SUGGESTION_LIMIT).map((m) => ({
    id: idText(m.id),
    label:
      m.competitors.home && m.competitors.away
        ? `${m.competitors.home.name} – ${m.competitors.away.name}`
        : m.name,
    detail: m.tournament.name,
    href: localizeHref(`/${m.sport.key}/${matchSlug(m)}`, config.locale, config),
  }));
}
