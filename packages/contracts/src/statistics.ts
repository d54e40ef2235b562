import { z } from "zod";
import { text } from "./http/common.js";
import { MATCH_PHASES } from "./periods.js";

// The SPEC §3 statistics block of a match, one shape for the catalogue answer and the realtime
// `match_changed` event (the feed writes it once and both read the same value).

const scoreSchema = z.object({ home: z.number().int().nonnegative(), away: z.number().int().nonnegative() });
const clockText = () => text().nullable().optional();

/** SPEC §3 live statistics of a match; every part is optional. */
export const statisticsSchema = z.object({
  clock: z
    .object({
      match_time: clockText(),
      stoppage_time: clockText(),
      stoppage_time_announced: clockText(),
      remaining_time: clockText(),
      remaining_time_in_period: clockText(),
      stopped: z.boolean().optional(),
      clock_updated_at: z.iso.datetime({ offset: true }).optional(),
    })
    .optional(),
  total_score: scoreSchema.nullable().optional(),
  game_score: scoreSchema.nullable().optional(),
  current_server: z.enum(["home", "away"]).nullable().optional(),
  period_score: z
    .array(
      scoreSchema.extend({
        /** `{kind}:{number}` (see `periodKey`), which the front end words in the player's language. */
        period_key: text(),
        period_name: text().optional(),
        number: z.number().int(),
        type: text().optional(),
      }),
    )
    .optional(),
  max_period_number: z.number().int().optional(),
  /** Between or after periods (half-time, a break, extra time, penalties, the end): shown as words. */
  phase: z.enum(MATCH_PHASES).optional(),
});
export type Statistics = z.infer<typeof statisticsSchema>;
