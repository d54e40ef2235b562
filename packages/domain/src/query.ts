/** Query values as they arrive: absent, one, or repeated. */
export type QueryValue = string | readonly string[] | undefined;

/** Splits query values on commas into a list, trimming and dropping empty items (SPEC §2). */
export function splitQueryList(value: QueryValue): string[] {
  const values = value === undefined ? [] : typeof value === "string" ? [value] : value;
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/** Reads a query string ("?a=1,2&b=x") into lists per parameter. */
export function parseQueryLists(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(search))
    out[key] = [...(out[key] ?? []), ...splitQueryList(value)];
  return out;
}

/** Query tags kept for tracking (SPEC §2). */
export const TRACKED_TAGS = ["ctag", "btag", "stag", "qtag", "gclid"] as const;
export type TrackedTag = (typeof TRACKED_TAGS)[number];

/** The tracked tags present in a query, first value each, others dropped. */
export function trackedTags(
  query: Readonly<Record<string, QueryValue>>,
): Partial<Record<TrackedTag, string>> {
  const out: Partial<Record<TrackedTag, string>> = {};
  for (const tag of TRACKED_TAGS) {
    const raw = query[tag];
    const first = typeof raw === "string" ? raw : raw?.[0];
    if (first !== undefined && first.trim() !== "") out[tag] = first.trim();
  }
  return out;
}

/** Special list tabs of sport and list pages (SPEC §2). */
export const LIST_TABS = ["top", "all", "favorites", "outrights", "betbuilder"] as const;

/** Hash values and modal query values that open an auth modal (SPEC §2). */
export const MODAL_HASHES = [
  "sign-in",
  "sign-up",
  "confirmation",
  "password-edit",
  "forgot-password",
  "unlock",
] as const;
export type ModalHash = (typeof MODAL_HASHES)[number];

/** The modal a hash ("#sign-in") or modal query value opens, if any. */
export function modalFromHash(hash: string): ModalHash | undefined {
  const key = hash.replace(/^#/, "").trim().toLowerCase();
  return (MODAL_HASHES as readonly string[]).includes(key) ? (key as ModalHash) : undefined;
}

/** Search queries are 3 to 50 characters (SPEC §2). */
export const SEARCH_QUERY_LENGTH = { min: 3, max: 50 } as const;

/** True when a search query (trimmed) is long enough to send and not too long. */
export function isSearchQueryValid(query: string): boolean {
  const length = query.trim().length;
  return length >= SEARCH_QUERY_LENGTH.min && length <= SEARCH_QUERY_LENGTH.max;
}
