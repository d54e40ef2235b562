import type { BOOST_REFUSALS, freebetTermsSchema } from "@sportsbook/contracts";
import { bonuses, playerBonuses } from "@sportsbook/db";
import { boostedStake, isFreebet } from "@sportsbook/domain";
import { and, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { lockedCopy } from "./issue.js";
import { statusOf } from "./present.js";

type FreebetTerms = z.output<typeof freebetTermsSchema>;

function refuse(reason: (typeof BOOST_REFUSALS)[number]): never {
  throw new ApiError("boostNotAvailable", { data: { reason } });
}

/**
 * SPEC §7 `POST /bonuses/{id}/boost`: spends the points its boost data names, from the player's
 * hunting or lootbox, to multiply the freebet's stake, once, while the freebet is still to be used.
 * Both copies are changed in one transaction: the points are taken only if they are there.
 */
export async function boostFreebet(ctx: AppContext, player: PlayerRow, bonusId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedCopy(tx, player.id, bonusId);
    const boost = row && isFreebet(row.bonus.kind) ? (row.bonus.terms as FreebetTerms).boost : undefined;
    const status = row && statusOf(ctx, row.bonus, row.issued);
    if (!row || !boost || row.issued.amount === null || (status !== "available" && status !== "active"))
      refuse("not_boostable");
    if (row.issued.boostedAt !== null) refuse("already_boosted");
    const [source] = await tx.select({ id: bonuses.id }).from(bonuses).where(eq(bonuses.key, boost.by_bonus));
    const spent = source
      ? await tx
          .update(playerBonuses)
          .set({ spentPoints: sql`${playerBonuses.spentPoints} + ${boost.points}` })
          .where(
            and(
              eq(playerBonuses.playerId, player.id),
              eq(playerBonuses.bonusId, source.id),
              gte(sql`${playerBonuses.points} - ${playerBonuses.spentPoints}`, boost.points),
            ),
          )
          .returning({ id: playerBonuses.id })
      : [];
    if (spent.length === 0) refuse("not_enough_points");
    await tx
      .update(playerBonuses)
      .set({ amount: boostedStake(row.issued.amount, boost.multiplier), boostedAt: ctx.now() })
      .where(eq(playerBonuses.id, row.issued.id));
  });
}
