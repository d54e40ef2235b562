import { MARKET_STATUS, MATCH_STATUS, type MarketStatus, type MatchStatus } from "@sportsbook/domain";
import { z } from "zod";
import { placedBetResultSchema, placedBetStatusSchema } from "./http/bets.js";
import { betIdSchema, matchIdSchema } from "./http/common.js";
import type { RealtimePublisher } from "./publisher.js";
import { statisticsSchema } from "./statistics.js";

/**
 * Realtime wire contract: channel names, the payloads published on them, and the JWT claims the
 * API puts in connection and subscription tokens for the gateway.
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

// ---------------------------------------------------------------------------------------------
// Event payloads. Odds are integers ×1000; money is integer minor units with its currency code.

const entityId = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]);
/** A match by its catalogue id, or by a text id of a feed that names matches by text. */
const matchRef = z.union([z.string().min(1).max(64), matchIdSchema]);
const odds = z.number().int().positive();
const minorUnits = z.number().int();
const currency = z.string().regex(/^[A-Z0-9]{2,10}$/);
const timestamp = z.iso.datetime({ offset: true });
const providerSchema = z.enum(["betradar", "oddin", "betconstruct"]);

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
const matchStatusSchema = z.enum(REALTIME_MATCH_STATUSES);

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

/** Fields of a match that changed (scores, clock, start time, video); absent fields did not change. */
export const matchChangedSchema = z.object({
  type: z.literal("match_changed"),
  match_id: matchRef,
  start_time: timestamp.optional(),
  has_video: z.boolean().optional(),
  stage: z.string().optional(),
  statistics: statisticsSchema.optional(),
});

const outcomeChangeSchema = z.object({ id: entityId, odds, active: z.boolean() });
const marketChangeSchema = z.object({
  id: entityId,
  specifier: z.string().default(""),
  status: z.enum(REALTIME_MARKET_STATUSES),
  outcomes: z.array(outcomeChangeSchema),
});

/** Odds and market status of one match; only the markets listed changed. */
export const marketsChangedSchema = z.object({
  type: z.literal("markets_changed"),
  match_id: matchRef,
  provider: providerSchema.optional(),
  markets: z.array(marketChangeSchema).min(1),
});

export const matchStatusChangedSchema = z.object({
  type: z.literal("match_status_changed"),
  match_id: matchRef,
  status: matchStatusSchema,
  bettable: z.boolean().optional(),
});

export const providerStatusChangedSchema = z.object({
  type: z.literal("provider_status_changed"),
  provider: providerSchema,
  status: z.enum(["up", "down"]),
});

export const tournamentPoolChangedSchema = z.object({
  type: z.literal("tournament_pool_changed"),
  tournament_id: entityId,
  pool_amount: minorUnits.nonnegative(),
  currency,
});

export const balanceChangedSchema = z.object({
  type: z.literal("balance_changed"),
  currency,
  balance: minorUnits,
});

export const unreadCountersChangedSchema = z.object({
  type: z.literal("unread_counters_changed"),
  unread: z.number().int().nonnegative(),
});

export const notificationEventSchema = z.object({
  type: z.literal("notification"),
  notification: z.object({
    id: entityId,
    title: z.string(),
    body: z.string(),
    caption: z.string().nullable().optional(),
    type: z.string(),
    object_type: z.string().nullable().optional(),
    object_id: z.string().nullable().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    read: z.boolean(),
    created_at: timestamp,
  }),
});

/** A bet changed: `status` and `result` are the placed-bet status and result of SPEC §4. */
export const betChangedSchema = z.object({
  type: z.literal("bet_changed"),
  bet_id: betIdSchema,
  status: placedBetStatusSchema,
  result: placedBetResultSchema.optional(),
  win_amount: minorUnits.nonnegative().nullable().optional(),
  currency: currency.optional(),
});

/** The current cash-out offer of one bet; null when cash-out is not available. */
export const betCashoutChangedSchema = z.object({
  type: z.literal("bet_cashout_changed"),
  bet_id: betIdSchema,
  to_cashout: minorUnits.nonnegative().nullable(),
  currency: currency.optional(),
});

export const bonusIssuedSchema = z.object({
  type: z.literal("bonus_issued"),
  bonus_id: entityId,
  bonus_type: z.enum(["comboboost", "freebet", "freebet_amb", "hunting", "lootbox", "tournament"]),
  name: z.string(),
});

/** Every event a realtime channel carries, told apart by `type`. */
export const realtimeEventSchema = z.discriminatedUnion("type", [
  matchChangedSchema,
  marketsChangedSchema,
  matchStatusChangedSchema,
  providerStatusChangedSchema,
  tournamentPoolChangedSchema,
  balanceChangedSchema,
  unreadCountersChangedSchema,
  notificationEventSchema,
  betChangedSchema,
  betCashoutChangedSchema,
  bonusIssuedSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
/** An event as a publisher writes it: the schema's input, which parsing brands. */
export type RealtimeEventInput = z.input<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent["type"];

/** Which kind of channel carries each event. */
export const eventChannelKind: Record<RealtimeEventType, "public" | "match" | "user"> = {
  match_changed: "match",
  markets_changed: "match",
  match_status_changed: "match",
  provider_status_changed: "public",
  tournament_pool_changed: "public",
  balance_changed: "user",
  unread_counters_changed: "user",
  notification: "user",
  bet_changed: "user",
  bet_cashout_changed: "user",
  bonus_issued: "user",
};

/**
 * Publishes one event after checking its payload and that it goes to the kind of channel that
 * carries it (a balance never lands on a public channel).
 */
export async function publishEvent(
  publisher: RealtimePublisher,
  channel: string,
  event: RealtimeEventInput,
): Promise<void> {
  const parsed = realtimeEventSchema.parse(event);
  const kind = parseChannel(channel)?.kind;
  if (kind !== eventChannelKind[parsed.type]) {
    throw new RangeError(
      `${parsed.type} belongs on a ${eventChannelKind[parsed.type]} channel, not ${channel}`,
    );
  }
  await publisher.publish(channel, parsed);
}

// ---------------------------------------------------------------------------------------------
// Tokens (JWT, HS256, secret REALTIME_TOKEN_SECRET), issued by POST /websocket/token and
// POST /websocket/authorize.

/** Claims of a connection token: `sub` is the user id, empty for a visitor. */
export const connectionTokenClaimsSchema = z
  .object({
    sub: z.string().max(64),
    exp: z.number().int().positive().optional(),
    iat: z.number().int().optional(),
    channel: z.never().optional(),
  })
  .loose();
/** Claims of a subscription token: valid for one channel and one user. */
export const subscriptionTokenClaimsSchema = z
  .object({
    sub: z.string().max(64),
    channel: z.string().min(1).max(255),
    client: z.string().optional(),
    exp: z.number().int().positive().optional(),
    iat: z.number().int().optional(),
  })
  .loose();
