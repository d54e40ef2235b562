import type { Statistics } from "../../lib/catalog-schemas";

export type MatchTab = "markets" | "betbuilder" | "statistics" | "stream" | "chat";

/** The hash that opens the bet builder (SPEC §2 #betBuilder). */
export const BET_BUILDER_HASH = "#betBuilder";

/** What a match has beyond its markets, which decides the tabs its page shows. */
export interface MatchExtras {
  statistics: Statistics;
  hasVideo: boolean;
  streams: number;
  chat: boolean;
  /** Markets the bet builder can combine, on a match that takes bets. */
  betBuilder: boolean;
}

/**
 * The match page's tabs (SPEC §2: statistics, stream, chat), each only when the match has it: the
 * bet builder in a tab of its own, so a price on the markets tab always adds a single;
 * statistics once there is a score, a stream when the match has video or stream links, chat when
 * the site has a chat provider.
 */
export function matchTabs(x: MatchExtras): MatchTab[] {
  const tabs: MatchTab[] = ["markets"];
  if (x.betBuilder) tabs.push("betbuilder");
  if (x.statistics.total_score || (x.statistics.period_score?.length ?? 0) > 0) tabs.push("statistics");
  if (x.hasVideo || x.streams > 0) tabs.push("stream");
  if (x.chat) tabs.push("chat");
  return tabs;
}
