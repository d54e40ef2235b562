import { sportListLocale } from "@sportsbook/domain";
import { apiGetOr } from "./api.server";
import { sportsResponseSchema } from "./catalog-schemas";

/**
 * The sport list (SPEC §7 GET /sports) in the language sport lists are asked in: a Serbian page's
 * list comes as sr-ME (SPEC §5 locale rule). Every block showing the sports reads it here, so one
 * render shares one call. A failure yields no sports: the blocks show their empty state.
 */
export function fetchSports(locale: string) {
  return apiGetOr("/sports", sportsResponseSchema, { locale: sportListLocale(locale) }, { data: [] });
}
