import { type TrackedTag, trackedTags } from "@sportsbook/domain";

/** SPEC §3 storage: the affiliate id cookie, holding the tracked tags a visit arrived with. */
const AFFILIATE_COOKIE = "affiliate_id";
const AFFILIATE_MAX_AGE_S = 30 * 86_400;

type Tags = Partial<Record<TrackedTag, string>>;

/**
 * Keeps the tracked tags (`ctag`, `btag`, `stag`, `qtag`, `gclid`) of the page's address for 30 days;
 * an address without them leaves the earlier ones. Returns the tags now kept.
 */
export function rememberTags(search: string, doc: { cookie: string }): Tags {
  const arrived = trackedTags(Object.fromEntries(new URLSearchParams(search)));
  if (Object.keys(arrived).length === 0) return keptTags(doc);
  doc.cookie = `${AFFILIATE_COOKIE}=${encodeURIComponent(new URLSearchParams(arrived).toString())}; Max-Age=${AFFILIATE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  return arrived;
}

/** The tags the affiliate cookie holds, each checked as a tracked tag. */
export function keptTags(doc: { cookie: string }): Tags {
  const raw = new RegExp(`(?:^|;\\s*)${AFFILIATE_COOKIE}=([^;]+)`).exec(doc.cookie)?.[1];
  if (!raw) return {};
  try {
    return trackedTags(Object.fromEntries(new URLSearchParams(decodeURIComponent(raw))));
  } catch {
    // a cookie another page wrote wrongly keeps no tags
    return {};
  }
}
