import { MARKET_STATUS, MATCH_STATUS, type MarketStatus, type MatchStatus } from "@sportsbook/domain";

/**
 * The realtime contract's names, without its schemas: channel names and the match and market
 * statuses events carry. A page that only reads events (validated elsewhere) imports these and
 * no schema library.
 *
 * Channels:
 * - `public:{lang}`: catalogue-wide events for one language (`br` and `pt-BR` use `pt`).
 * - `match:{matchId}`: odds, score and status of one match.
 * - `$user:{userId}`: private events of one player; the `$` makes the gateway ask for a
 *   subscription token issued for that channel and that player.
 */

/** Locale aliases whose public channel is another language's one. */
const publicLanguageAliases: Record<string, string> = { br: "pt" };

/** The public channel for a locale: its base language, lower case, with `br` mapped to `pt`. */
export function publicChannel(locale: string): string {
  const base = (locale.split(/[-_]/)[0] ?? "").toLowerCase();
  if (!/^[a-z]{2,3}$/.test(base)) throw new RangeError(`not a locale: ${JSON.stringify(locale)}`);
  return `public:${publicLanguageAliases[base] ?? base}`;
}

const channelIdPattern = /^[A-Za-z0-9_.-]{1,64}$/;

/** The channel of one match. */
export function matchChannel(matchId: string | number): string {
  const id = String(matchId);
  if (!channelIdPattern.test(id)) throw new RangeError(`not a match id: ${JSON.stringify(id)}`);
  return `match:${id}`;
}

/** The private channel of one player (needs a subscription token). */
export function userChannel(userId: string | number): string {
  const id = String(userId);
  if (!channelIdPattern.test(id)) throw new RangeError(`not a user id: ${JSON.stringify(id)}`);
  return `$user:${id}`;
}

/** Splits a channel name into its kind and id, or null for a name outside the scheme above. */
export function parseChannel(
  channel: string,
): { kind: "public" | "match" | "user"; id: string; private: boolean } | null {
  const m = /^(\$?)([a-z]+):(.+)$/.exec(channel);
  if (!m) return null;
  const [, dollar, kind, id] = m;
  if (!id || !channelIdPattern.test(id)) return null;
  if (kind === "user" && dollar === "$") return { kind: "user", id, private: true };
  if ((kind === "public" || kind === "match") && dollar === "") return { kind, id, private: false };
  return null;
}

/** A match's status as realtime events name it (UOF's sport event statuses). */
export const REALTIME_MATCH_STATUSES = [
  "not_started",
  "live",
  "suspended",
  "ended",
  "closed",
  "cancelled",
  "postponed",
  "interrupted",
  "abandoned",
] as const;
export type RealtimeMatchStatus = (typeof REALTIME_MATCH_STATUSES)[number];

/** The SPEC §4 match status each realtime status stands for. */
export const MATCH_STATUS_OF: Readonly<Record<RealtimeMatchStatus, MatchStatus>> = {
  not_started: MATCH_STATUS.prematch,
  live: MATCH_STATUS.live,
  suspended: MATCH_STATUS.stopped,
  interrupted: MATCH_STATUS.stopped,
  ended: MATCH_STATUS.finished,
  closed: MATCH_STATUS.closed,
  cancelled: MATCH_STATUS.closed,
  abandoned: MATCH_STATUS.closed,
  postponed: MATCH_STATUS.notCovered,
};

/** A market's status as realtime events name it. */
export const REALTIME_MARKET_STATUSES = [
  "active",
  "suspended",
  "deactivated",
  "settled",
  "cancelled",
] as const;
export type RealtimeMarketStatus = (typeof REALTIME_MARKET_STATUSES)[number];

/** The SPEC §4 market status each realtime status stands for. */
export const MARKET_STATUS_OF: Readonly<Record<RealtimeMarketStatus, MarketStatus>> = {
  active: MARKET_STATUS.allowed,
  suspended: MARKET_STATUS.suspended,
  deactivated: MARKET_STATUS.inactive,
  settled: MARKET_STATUS.settled,
  cancelled: MARKET_STATUS.cancelled,
};

/** The realtime name of a SPEC §4 market status; a handed-over market counts as suspended until its new producer speaks. */
export function realtimeMarketStatus(status: number): RealtimeMarketStatus {
  switch (status) {
    case MARKET_STATUS.allowed:
      return "active";
    case MARKET_STATUS.inactive:
      return "deactivated";
    case MARKET_STATUS.settled:
      return "settled";
    case MARKET_STATUS.cancelled:
      return "cancelled";
    default:
      return "suspended";
  }
}
