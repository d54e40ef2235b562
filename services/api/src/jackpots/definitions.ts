import type { JackpotDefinition } from "@sportsbook/contracts";
import { type Executor, jackpotLevels, jackpots } from "@sportsbook/db";
import { and, eq, notInArray } from "drizzle-orm";
import type { AppContext } from "../context.js";

export type JackpotRow = typeof jackpots.$inferSelect;
export type JackpotLevelRow = typeof jackpotLevels.$inferSelect;

/**
 * Writes the operator's definition of a jackpot under its key. A level keeps its pool across
 * changes (players fed it); a new level starts from its seed; a level no longer defined is disabled,
 * its pool kept for the operator to settle.
 */
export async function upsertJackpot(ctx: AppContext, key: string, d: JackpotDefinition): Promise<JackpotRow> {
  const row = await ctx.db.transaction((tx) => writeJackpot(ctx, tx, key, d));
  ctx.jackpots.invalidate();
  return row;
}

/** The writes of `upsertJackpot` inside the caller's transaction; the caller drops the jackpots' cache after it commits. */
export async function writeJackpot(
  ctx: AppContext,
  tx: Executor,
  key: string,
  d: JackpotDefinition,
): Promise<JackpotRow> {
  const values = {
    name: d.name,
    status: d.status,
    currency: d.currency,
    contributionBp: d.contribution_bp,
    minStake: d.min_stake,
    minOdds: d.min_odds ?? 1000,
    validFrom: d.valid_from ? new Date(d.valid_from) : null,
    validTo: d.valid_to ? new Date(d.valid_to) : null,
    updatedAt: ctx.now(),
  };
  const [jackpot] = await tx
    .insert(jackpots)
    .values({ key, ...values, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: jackpots.key, set: values })
    .returning();
  if (!jackpot) throw new Error(`jackpot ${key} was not written`);
  for (const [position, level] of d.levels.entries()) {
    const terms = {
      name: level.name,
      position,
      state: level.state,
      shareBp: level.share_bp,
      seedAmount: level.seed_amount,
      dropAt: level.drop_at,
    };
    await tx
      .insert(jackpotLevels)
      .values({ jackpotId: jackpot.id, code: level.code, poolAmount: level.seed_amount, ...terms })
      .onConflictDoUpdate({ target: [jackpotLevels.jackpotId, jackpotLevels.code], set: terms });
  }
  await tx
    .update(jackpotLevels)
    .set({ state: "disabled" })
    .where(
      and(
        eq(jackpotLevels.jackpotId, jackpot.id),
        notInArray(
          jackpotLevels.code,
          d.levels.map((l) => l.code),
        ),
      ),
    );
  return jackpot;
}
