import type { FeedHealthView } from "@sportsbook/contracts";
import type { FeedActivityPort, FeedReport } from "../config.js";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The feed's health per provider and producer: freshness from the database (every node reads it),
 * activity from the feed when this node runs it — the figures of a feed another node runs are that
 * node's, so they are null here rather than zero.
 */
export function feedHealth(
  report: FeedReport | undefined,
  activity: ReturnType<FeedActivityPort["activity"]> | undefined,
): FeedHealthView["data"] {
  const producers = report?.producers ?? [];
  const names = [
    ...new Set([
      ...producers.map((p) => p.provider),
      ...(activity?.producers.map((p) => p.provider) ?? []),
      ...(activity?.refusals.map((r) => r.provider) ?? []),
    ]),
  ].sort();
  return {
    leader: report?.leader ?? null,
    runs_feed: activity !== undefined,
    read_at: iso(report?.readAt ?? null),
    providers: names.map((provider) => {
      const refusal = activity?.refusals.find((r) => r.provider === provider);
      return {
        provider,
        last_refusal: refusal
          ? { code: refusal.code, at: iso(refusal.at) ?? "", total: refusal.total }
          : null,
        producers: producers
          .filter((p) => p.provider === provider)
          .sort((a, b) => a.producer - b.producer)
          .map((p) => {
            const a = activity?.producers.find((x) => x.provider === provider && x.producer === p.producer);
            return {
              producer: p.producer,
              kind: p.kind,
              status: p.status,
              stale: p.stale,
              last_alive_at: iso(p.lastAliveAt),
              last_message_at: iso(p.lastMessageAt),
              recovering: activity ? (a?.recovering ?? false) : null,
              messages_per_minute: activity ? (a?.messagesPerMinute ?? 0) : null,
              lag_ms: a?.lastLagMs ?? null,
            };
          }),
      };
    }),
  };
}
