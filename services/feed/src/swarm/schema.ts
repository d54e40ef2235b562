import { z } from "zod";

/**
 * Swarm-style JSON (betconstruct): subscription updates nest sport → region → competition → game →
 * market → event, keyed by id; a null value removes the entry. Settlements arrive on a `results`
 * subscription; producer heartbeats as `{command: "heartbeat"}`.
 */

const id = z.number().int().nonnegative();
const keyed = <T extends z.ZodType>(schema: T) => z.record(z.string().regex(/^\d+$/), schema.nullable());

const swarmEventSchema = z.object({
  id,
  type: z.string().min(1),
  name: z.string().optional(),
  price: z.number().gte(1).optional(),
  base: z.number().optional(),
});

const swarmMarketSchema = z.object({
  id,
  type: z.string().min(1),
  name: z.string().optional(),
  base: z.number().optional(),
  is_blocked: z.union([z.literal(0), z.literal(1)]).optional(),
  is_hidden: z.union([z.literal(0), z.literal(1)]).optional(),
  event: keyed(swarmEventSchema).default({}),
});

/** Swarm's game types. */
export const SWARM_GAME_TYPE = { prematch: 0, live: 1, finished: 2 } as const;

const swarmGameSchema = z.object({
  id,
  team1_id: id.optional(),
  team1_name: z.string().min(1).optional(),
  team2_id: id.optional(),
  team2_name: z.string().min(1).optional(),
  start_ts: z.number().int().optional(),
  type: z.enum(SWARM_GAME_TYPE).optional(),
  is_blocked: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Set on a cancelled or abandoned game. */
  is_cancelled: z.literal(1).optional(),
  info: z
    .object({
      current_game_state: z.string(),
      current_game_time: z.string().optional(),
      score1: z.number().int().nonnegative().optional(),
      score2: z.number().int().nonnegative().optional(),
    })
    .optional(),
  stats: z
    .record(
      z.string(),
      z.object({ team1_value: z.number().int().nonnegative(), team2_value: z.number().int().nonnegative() }),
    )
    .optional(),
  market: keyed(swarmMarketSchema).optional(),
});

export const swarmOddsFrameSchema = z.object({
  subid: z.literal("games"),
  ts: z.number().int(),
  data: z.object({
    sport: keyed(
      z.object({
        id,
        name: z.string().optional(),
        alias: z.string().optional(),
        region: keyed(
          z.object({
            id,
            name: z.string().optional(),
            alias: z.string().optional(),
            competition: keyed(
              z.object({
                id,
                name: z.string().optional(),
                game: keyed(swarmGameSchema),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
});

export const swarmResultSchema = z.enum(["won", "lost", "returned", "half_won", "half_lost", "undecided"]);

export const swarmResultsFrameSchema = z.object({
  subid: z.literal("results"),
  ts: z.number().int(),
  certainty: z.union([z.literal(1), z.literal(2)]).default(2),
  data: z.object({
    game: keyed(
      z.object({
        market: keyed(
          z.object({
            type: z.string().min(1),
            base: z.number().optional(),
            /** `settled` (default), `cancelled`, `rollback_settled`, `rollback_cancelled`. */
            action: z
              .enum(["settled", "cancelled", "rollback_settled", "rollback_cancelled"])
              .default("settled"),
            void_reason: z.number().int().optional(),
            event: keyed(
              z.object({
                type: z.string().min(1),
                result: swarmResultSchema,
                dead_heat_factor: z.number().gt(0).lte(1).optional(),
              }),
            ).default({}),
          }),
        ),
      }),
    ),
  }),
});

export const swarmHeartbeatSchema = z.object({
  command: z.literal("heartbeat"),
  ts: z.number().int(),
  params: z.object({ alive: z.boolean() }),
});

export type SwarmGame = z.infer<typeof swarmGameSchema>;
