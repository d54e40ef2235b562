import { z } from "zod";
import { placedBetResultSchema, placedBetStatusSchema } from "./http/bets.js";

/**
 * The back office's live bet ticker: every bet placed, cashed out or settled goes out on one
 * staff-only channel. The `$` makes the gateway ask for a subscription token, and only the back
 * office's ticker route issues one for this channel (to a staff session, never to a player).
 */
export const STAFF_BETS_CHANNEL = "$staff:bets" as const;

/** A staff connection's user in the gateway: apart from every player id, which is a bare number. */
export function staffRealtimeUser(staffId: number): string {
  return `staff-${staffId}`;
}

export const BET_TICKER_KINDS = ["placed", "cashed_out", "settled"] as const;
export type BetTickerKind = (typeof BET_TICKER_KINDS)[number];

/** One leg of a ticker entry: the match, its sport, and whether the match was in play. */
export const betTickerLegSchema = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  live: z.boolean(),
});

/** One ticker entry. Amounts are integer minor units of `currency`. */
export const betTickerEventSchema = z.object({
  type: z.literal("bet_ticker"),
  kind: z.enum(BET_TICKER_KINDS),
  bet_id: z.number().int(),
  bet_ref: z.string(),
  player_id: z.number().int(),
  status: placedBetStatusSchema,
  result: placedBetResultSchema,
  currency: z.string(),
  subunits: z.number().int().min(0).max(18),
  stake: z.number().int().nonnegative(),
  /** The winnings of a settled bet; what a cashed-out bet has been cashed out for so far; else null. */
  amount: z.number().int().nonnegative().nullable(),
  legs: z.array(betTickerLegSchema),
  at: z.string(),
});
export type BetTickerEvent = z.infer<typeof betTickerEventSchema>;

/** `POST /api/backoffice/ticker/token`: what the ticker page connects and subscribes with. */
export const tickerTokenResponseSchema = z.object({
  data: z.object({
    connection_token: z.string(),
    channel: z.literal(STAFF_BETS_CHANNEL),
    subscription_token: z.string(),
  }),
});

/** A ticker entry from what the database holds of the bet, checked against the wire schema. */
export function betTicker(
  kind: BetTickerKind,
  bet: {
    betId: number;
    betRef: string;
    playerId: number;
    status: string;
    result: string;
    currency: string;
    subunits: number;
    stake: number;
    winAmount: number | null;
    cashedOut: number;
    legs: { matchId: number; matchName: string; sportId: number; sportName: string; live: boolean }[];
  },
  at: Date,
): BetTickerEvent {
  return betTickerEventSchema.parse({
    type: "bet_ticker",
    kind,
    bet_id: bet.betId,
    bet_ref: bet.betRef,
    player_id: bet.playerId,
    status: bet.status,
    result: bet.result,
    currency: bet.currency,
    subunits: bet.subunits,
    stake: bet.stake,
    amount: kind === "settled" ? bet.winAmount : kind === "cashed_out" ? bet.cashedOut : null,
    legs: bet.legs.map((l) => ({
      match_id: l.matchId,
      match_name: l.matchName,
      sport_id: l.sportId,
      sport_name: l.sportName,
      live: l.live,
    })),
    at: at.toISOString(),
  });
}
