import { z } from "zod";
import { apiBase } from "../../lib/api.server";

const countMap = z.union([
  z.record(z.string(), z.number()),
  z
    .array(z.object({ id: z.union([z.string(), z.number()]).transform(String), count: z.number() }))
    .transform((rows) => Object.fromEntries(rows.map((r) => [r.id, r.count]))),
]);

const countersSchema = z
  .object({
    live: z.number().optional(),
    sports: countMap.optional(),
    categories: countMap.optional(),
    tournaments: countMap.optional(),
  })
  .or(z.object({ data: z.unknown() }).transform((w) => w.data as Record<string, never>));

export interface Counters {
  live?: number;
  sports: Record<string, number>;
  categories: Record<string, number>;
  tournaments: Record<string, number>;
}

/** POST /counters (SPEC §7): event counts per sport, category and tournament; empty when unavailable. */
export async function fetchCounters(locale: string, matchStatus?: number): Promise<Counters> {
  const empty: Counters = { sports: {}, categories: {}, tournaments: {} };
  try {
    const res = await fetch(`${apiBase()}/counters`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": locale },
      body: JSON.stringify({ match_status: matchStatus }),
      cache: "no-store",
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return empty;
    const raw: unknown = await res.json();
    const inner = raw && typeof raw === "object" && "data" in raw ? (raw as { data: unknown }).data : raw;
    const parsed = countersSchema.safeParse(inner);
    if (!parsed.success) return empty;
    const c = parsed.data as Partial<Counters>;
    return {
      ...(c.live !== undefined ? { live: c.live } : {}),
      sports: c.sports ?? {},
      categories: c.categories ?? {},
      tournaments: c.tournaments ?? {},
    };
  } catch {
    return empty;
  }
}
