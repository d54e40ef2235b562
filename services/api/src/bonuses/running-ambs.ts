import { bonuses, type Executor } from "@sportsbook/db";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { TtlRead } from "../ops/ttl-read.js";

/**
 * Whether any freebet amb runs now: every placement asks, so a sportsbook without one pays no query
 * per bet for the progress bar.
 */
export function runningAmbsRead(db: Executor): TtlRead<boolean> {
  return new TtlRead(async (now) => {
    const running = await db
      .select({ id: bonuses.id })
      .from(bonuses)
      .where(
        and(
          eq(bonuses.kind, "freebet_amb"),
          eq(bonuses.status, "enabled"),
          or(isNull(bonuses.validFrom), lte(bonuses.validFrom, now)),
          or(isNull(bonuses.validTo), gt(bonuses.validTo, now)),
        ),
      )
      .limit(1);
    return running.length > 0;
  });
}
