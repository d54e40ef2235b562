import { z } from "zod";

/** zod schemas for UOF XML as fast-xml-parser yields it (attributes as strings, no prefix). */

// An element with neither attributes nor children parses to "".
function el<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? {} : v), schema);
}

export const int = z
  .string()
  .regex(/^-?\d+$/, "expected an integer")
  .transform(Number);
export const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, "expected a decimal number")
  .transform(Number);
const urn = z.string().regex(/^[a-z]+:[a-z_]+:\d+$/, "expected a URN like sr:match:123");
const bool01 = z.enum(["0", "1"]).transform((v) => v === "1");
const boolText = z.enum(["true", "false"]).transform((v) => v === "true");
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
  odds: decimal.refine((v) => v >= 1, "odds below 1.00").optional(),
  active: bool01.optional(),
  probabilities: decimal.optional(),
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
  type: z.enum(["regular_period", "overtime", "penalties"]).default("regular_period"),
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
    stopped: boolText.optional(),
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
  void_factor: z
    .enum(["0.5", "1", "1.0"])
    .transform((v) => (v === "0.5" ? 0.5 : 1) as 0.5 | 1)
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
  certainty: z.enum(["1", "2"]).transform((v) => Number(v) as 1 | 2),
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
  change_type: z
    .enum(["1", "2", "3", "4", "5", "6"])
    .transform((v) => Number(v) as 1 | 2 | 3 | 4 | 5 | 6)
    .optional(),
  start_time: int.optional(),
  next_live_time: int.optional(),
});

export const aliveSchema = z.object({ product: int, timestamp: int, subscribed: bool01 });
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
  }),
});
