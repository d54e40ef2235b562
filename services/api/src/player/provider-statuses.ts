import { feedProducers } from "@sportsbook/db";
import { PROVIDERS } from "@sportsbook/domain";
import type { AppContext } from "../context.js";

/**
 * Each provider's live state as the feed announces it (`provider_status_changed` on `public:{lang}`):
 * a provider is down while any of its producers is down in `feed_producers`, and up otherwise — a
 * provider none of whose producers has been heard of yet counts as up, as the feed's ingest takes it.
 */
export async function providerStatuses(ctx: AppContext): Promise<Record<string, boolean>> {
  const rows = await ctx.db
    .select({ provider: feedProducers.provider, status: feedProducers.status })
    .from(feedProducers);
  const statuses: Record<string, boolean> = Object.fromEntries(PROVIDERS.map((p) => [p, true]));
  for (const r of rows) if (r.status === "down" && r.provider in statuses) statuses[r.provider] = false;
  return statuses;
}
