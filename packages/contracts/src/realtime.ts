import { z } from "zod";
import { placedBetResultSchema, placedBetStatusSchema } from "./http/bets.js";
import { betIdSchema, matchIdSchema } from "./http/common.js";
import type { RealtimePublisher } from "./publisher.js";
import { parseChannel, REALTIME_MARKET_STATUSES, REALTIME_MATCH_STATUSES } from "./realtime-channels.js";
import { statisticsSchema } from "./statistics.js";

export {
  MARKET_STATUS_OF,
  MATCH_STATUS_OF,
  matchChannel,
  parseChannel,
  publicChannel,
  REALTIME_MARKET_STATUSES,
  REALTIME_MATCH_STATUSES,
  type RealtimeMarketStatus,
  type RealtimeMatchStatus,
  realtimeMarketStatus,
  userChannel,
} from "./realtime-channels.js";

/**
 * Realtime wire contract: the payloads published on the channels (`realtime-channels` names them)
 * and the JWT claims the API puts in connection and subscription tokens for the gateway.
 */

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

const matchStatusSchema = z.enum(REALTIME_MATCH_STATUSES);

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
