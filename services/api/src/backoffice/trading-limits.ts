import type {
  LiveBetDelay,
  LiveBetDelayBody,
  MarketKindLimit,
  MarketKindLimitBody,
} from "@sportsbook/contracts";
import { type Executor, liveBetDelays, marketKindLimits, sports, staff, tournaments } from "@sportsbook/db";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { type AuditActor, recordStaffAction } from "./audit.js";

type LimitRow = typeof marketKindLimits.$inferSelect;
type DelayRow = typeof liveBetDelays.$inferSelect;

function limitBody(r: LimitRow): MarketKindLimitBody {
  return { max_stake_major: r.maxStakeMajor, max_payout_major: r.maxPayoutMajor, reason: r.reason };
}

function delayBody(r: DelayRow): LiveBetDelayBody {
  return { sport_id: r.sportId, tournament_id: r.tournamentId, delay_ms: r.delayMs, reason: r.reason };
}

/** Every market kind limit and live bet delay set, with who set it last. */
export async function tradingLimits(
  ex: Executor,
): Promise<{ markets: MarketKindLimit[]; live_delays: LiveBetDelay[] }> {
  const limits = await ex
    .select({ r: marketKindLimits, by: staff.email })
    .from(marketKindLimits)
    .innerJoin(staff, eq(staff.id, marketKindLimits.updatedBy))
    .orderBy(asc(marketKindLimits.marketId));
  const delays = await ex
    .select({ r: liveBetDelays, by: staff.email, sport: sports.name, tournament: tournaments.name })
    .from(liveBetDelays)
    .innerJoin(staff, eq(staff.id, liveBetDelays.updatedBy))
    .leftJoin(sports, eq(sports.id, liveBetDelays.sportId))
    .leftJoin(tournaments, eq(tournaments.id, liveBetDelays.tournamentId))
    .orderBy(asc(liveBetDelays.id));
  return {
    markets: limits.map(({ r, by }) => ({
      market_id: r.marketId,
      ...limitBody(r),
      updated_by: by,
      updated_at: r.updatedAt.toISOString(),
    })),
    live_delays: delays.map(({ r, by, sport, tournament }) => ({
      sport_id: r.sportId,
      tournament_id: r.tournamentId,
      name: tournament ?? sport ?? "",
      delay_ms: r.delayMs,
      reason: r.reason,
      updated_by: by,
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/** Sets one market kind's limits and audits before → after in one transaction; placement reads them with every bet. */
export async function setMarketKindLimit(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  marketId: number,
  body: MarketKindLimitBody,
): Promise<MarketKindLimit> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(marketKindLimits)
      .where(eq(marketKindLimits.marketId, marketId))
      .for("update");
    const values = {
      maxStakeMajor: body.max_stake_major,
      maxPayoutMajor: body.max_payout_major,
      reason: body.reason,
      updatedBy: actor.staffId,
      updatedAt: ctx.now(),
    };
    await tx
      .insert(marketKindLimits)
      .values({ marketId, ...values })
      .onConflictDoUpdate({ target: marketKindLimits.marketId, set: values });
    await recordStaffAction(ctx, tx, actor, {
      action: "limits.market_kind_set",
      targetType: "market_kind",
      targetId: marketId,
      before: before ? limitBody(before) : null,
      after: body,
    });
  });
  const found = (await tradingLimits(ctx.db)).markets.find((m) => m.market_id === marketId);
  if (!found) throw new ApiError("notFound");
  return found;
}

/**
 * Sets (or, with a null delay, removes) a sport's or a tournament's live bet delay and audits
 * before → after in one transaction. An unknown sport or tournament is not found.
 */
export async function setLiveBetDelay(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  body: LiveBetDelayBody,
): Promise<LiveBetDelay | null> {
  const scope =
    body.tournament_id !== null
      ? { column: liveBetDelays.tournamentId, id: body.tournament_id, table: tournaments, type: "tournament" }
      : { column: liveBetDelays.sportId, id: body.sport_id ?? 0, table: sports, type: "sport" };
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: scope.table.id })
      .from(scope.table)
      .where(eq(scope.table.id, scope.id));
    if (!target) throw new ApiError("notFound");
    const [before] = await tx.select().from(liveBetDelays).where(eq(scope.column, scope.id)).for("update");
    if (before) await tx.delete(liveBetDelays).where(eq(liveBetDelays.id, before.id));
    if (body.delay_ms !== null) {
      await tx.insert(liveBetDelays).values({
        sportId: body.sport_id,
        tournamentId: body.tournament_id,
        delayMs: body.delay_ms,
        reason: body.reason,
        updatedBy: actor.staffId,
        updatedAt: ctx.now(),
      });
    }
    await recordStaffAction(ctx, tx, actor, {
      action: "limits.live_delay_set",
      targetType: scope.type,
      targetId: scope.id,
      before: before ? delayBody(before) : null,
      after: body,
    });
  });
  if (body.delay_ms === null) return null;
  const found = (await tradingLimits(ctx.db)).live_delays.find((d) =>
    body.tournament_id !== null ? d.tournament_id === body.tournament_id : d.sport_id === body.sport_id,
  );
  return found ?? null;
}
