import type { Statistics } from "../../lib/catalog-schemas";

export type MatchTab = "markets" | "statistics" | "stream" | "chat";

/** What a match has beyond its markets, which decides the tabs its page shows. */
export interface MatchExtras {
  statistics: Statistics;
  hasVideo: boolean;
  streams: number;
  chat: boolean;
}

/**
 * The match page's tabs (SPEC §2: statistics, stream, chat), each only when the match has it:
 * statistics once there is a score, a stream when the match has video or stream links, chat when
 * the site has a chat provider.
 */
export function matchTabs(x: MatchExtras): MatchTab[] {
  const tabs: MatchTab[] = ["markets"];
  if (x.statistics.total_score || (x.statistics.period_score?.length ?? 0) > 0) tabs.push("statistics");
  if (x.hasVideo || x.streams > 0) tabs.push("stream");
  if (x.chat) tabs.push("chat");
  return tabs;
}
