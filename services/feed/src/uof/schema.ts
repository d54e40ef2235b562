import { ODDS_SCALE } from "@sportsbook/domain";
import { z } from "zod";
import { plainDecimal, thousandths } from "../xml-number.js";

/** zod schemas for UOF XML as fast-xml-parser yields it (attributes as strings, no prefix). */

// An element with neither attributes nor children parses to "".
function el<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? {} : v), schema);
}

export const int = z
  .string()
  .regex(/^\s*[+-]?\d+\s*$/, "expected an integer")
  .transform(Number);
/** Any `xs:double` form ("1.5", "+.5", "4.03386E-4") as a number; INF and NaN are refused. */
export const decimal = z.string().transform((text, ctx) => {
  const plain = plainDecimal(text);
  if (plain === undefined) {
    ctx.addIssue({ code: "custom", message: "expected a decimal number" });
    return z.NEVER;
  }
  return Number(plain);
});
/** A price as integer thousandths, read from its text without passing through a float. */
const price = z.string().transform((text, ctx) => {
  const value = thousandths(text);
  if (value === undefined || value < ODDS_SCALE) {
    ctx.addIssue({ code: "custom", message: "expected a price of at least 1.00" });
    return z.NEVER;
  }
  return value;
});
const urn = z.string().regex(/^[a-z]+:[a-z_]+:\d+$/, "expected a URN like sr:match:123");
// xs:boolean: UOF writes 0/1 in some attributes and true/false in others; both forms are legal in each.
const xsBoolean = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const marketStatus = z
  .enum(["1", "0", "-1", "-2", "-3", "-4"])
  .transform((v) => Number(v) as 1 | 0 | -1 | -2 | -3 | -4);

const header = {
  product: int,
  event_id: urn,
  timestamp: int,
  request_id: int.optional(),
};

const oddsOutcome = z.object({
  id: z.string().min(1),
  odds: price.optional(),
  active: xsBoolean.optional(),
  // probabilities, team, cashout_status and the like are not read: an odd value there never costs a price.
});

const oddsMarket = z.object({
  id: int,
  specifiers: z.string().optional(),
  status: marketStatus.optional(),
  outcome: z.array(oddsOutcome).default([]),
  market_metadata: el(z.object({ next_betstop: int.optional() })).optional(),
});

const periodScore = z.object({
  number: int,
  // UOF names regular_period, overtime and penalties; Oddin's schema makes it free text ("map").
  type: z.string().min(1).default("regular_period"),
  match_status_code: int,
  home_score: int,
  away_score: int,
});

const clock = el(
  z.object({
    match_time: z.string().optional(),
    stoppage_time: z.string().optional(),
    remaining_time: z.string().optional(),
    remaining_time_in_period: z.string().optional(),
    stopped: xsBoolean.optional(),
  }),
);

const sportEventStatus = z.object({
  status: z.enum(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]).transform(Number),
  match_status: int.default(0),
  home_score: int.optional(),
  away_score: int.optional(),
  home_gamescore: z.string().optional(),
  away_gamescore: z.string().optional(),
  current_server: z.enum(["1", "2"]).transform(Number).optional(),
  clock: clock.optional(),
  period_scores: el(z.object({ period_score: z.array(periodScore).default([]) })).optional(),
});

export const oddsChangeSchema = z.object({
  ...header,
  sport_event_status: sportEventStatus.optional(),
  odds: el(
    z.object({
      betting_status: int.optional(),
      betstop_reason: int.optional(),
      market: z.array(oddsMarket).default([]),
    }),
  ).optional(),
});

export const betStopSchema = z.object({
  ...header,
  groups: z.string().min(1),
  market_status: marketStatus.optional(),
});

const settledOutcome = z.object({
  id: z.string().min(1),
  result: z.enum(["0", "1", "-1"]).transform((v) => Number(v) as 0 | 1 | -1),
  void_factor: decimal
    .refine((v) => v === 0.5 || v === 1, "void_factor must be 0.5 or 1")
    .transform((v) => v as 0.5 | 1)
    .optional(),
  dead_heat_factor: decimal.refine((v) => v > 0 && v <= 1, "dead_heat_factor must be in (0, 1]").optional(),
});

const settledMarket = z.object({
  id: int,
  specifiers: z.string().optional(),
  void_reason: int.optional(),
  outcome: z.array(settledOutcome).min(1, "a settled market needs outcomes"),
});

export const betSettlementSchema = z.object({
  ...header,
  // Optional in the UOF schema; the SDKs read a missing one as "unknown certainty".
  certainty: z
    .enum(["1", "2"])
    .transform((v) => Number(v) as 1 | 2)
    .optional(),
  outcomes: el(z.object({ market: z.array(settledMarket).default([]) })),
});

const marketRef = z.object({ id: int, specifiers: z.string().optional(), void_reason: int.optional() });

export const betCancelSchema = z.object({
  ...header,
  start_time: int.optional(),
  end_time: int.optional(),
  superceded_by: z.string().optional(),
  market: z.array(marketRef).default([]),
});

export const rollbackSettlementSchema = z.object({ ...header, market: z.array(marketRef).default([]) });
export const rollbackCancelSchema = z.object({
  ...header,
  start_time: int.optional(),
  end_time: int.optional(),
  market: z.array(marketRef).default([]),
});

export const fixtureChangeSchema = z.object({
  ...header,
  // New change types appear over time (Oddin's 106, stream URL changed); each is passed on as its number.
  change_type: int.optional(),
  start_time: int.optional(),
  next_live_time: int.optional(),
});

export const aliveSchema = z.object({ product: int, timestamp: int, subscribed: xsBoolean });
export const snapshotCompleteSchema = z.object({ product: int, timestamp: int, request_id: int });

const named = z.object({ id: urn, name: z.string().min(1) });
const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO date-time");

export const fixtureSchema = z.object({
  generated_at: isoTime.optional(),
  fixture: z.object({
    id: urn,
    name: z.string().optional(),
    start_time: isoTime,
    scheduled_end: isoTime.optional(),
    liveodds: z.string().default("not_available"),
    tournament: named.extend({
      sport: named,
      category: named.extend({ country_code: z.string().optional() }),
    }),
    competitors: el(
      z.object({
        competitor: z
          .array(
            named.extend({
              abbreviation: z.string().optional(),
              qualifier: z.enum(["home", "away"]).optional(),
              country_code: z.string().optional(),
            }),
          )
          .default([]),
      }),
    ).optional(),
    venue: z.object({ name: z.string(), city_name: z.string().optional() }).optional(),
    // Sports API fixture: where the match is broadcast; `stream_url` when it can be watched online.
    tv_channels: el(
      z.object({
        tv_channel: z
          .array(
            z.object({
              name: z.string(),
              stream_url: z.string().optional(),
              language: z.string().optional(),
              start_time: isoTime.optional(),
            }),
          )
          .default([]),
      }),
    ).optional(),
  }),
});
