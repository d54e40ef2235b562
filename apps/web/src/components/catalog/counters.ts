import type { z } from "zod";
import { apiGetOr } from "../../lib/api.server";
import { countersResponseSchema } from "../../lib/catalog-schemas";

export type Counters = z.infer<typeof countersResponseSchema>;

const EMPTY: Counters = { live: 0, total: 0, sports: {}, categories: {}, tournaments: {} };

/** POST /counters (SPEC §7): event counts per sport, category and tournament; empty when unavailable. */
export async function fetchCounters(
  locale: string,
  body: { match_status?: number[]; sport_type?: "regular" | "cyber" | "premium_cricket" } = {},
): Promise<Counters> {
  return apiGetOr("/counters", countersResponseSchema, { locale, method: "POST", body }, EMPTY);
}
