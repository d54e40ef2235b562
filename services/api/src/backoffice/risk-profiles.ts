import type { RiskPlayer, RiskProfileBody } from "@sportsbook/contracts";
import { currencies, type Executor, playerRiskProfiles, players, staff } from "@sportsbook/db";
import { asc, eq, ilike, inArray, or } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { type AuditActor, recordStaffAction } from "./audit.js";
import { containsPattern } from "./like.js";

type ProfileRow = typeof playerRiskProfiles.$inferSelect;

const playerColumns = {
  id: players.id,
  email: players.email,
  currency: players.currency,
  subunits: currencies.subunits,
  fiat: currencies.fiat,
};

function bodyOf(r: ProfileRow): RiskProfileBody {
  return {
    stake_factor: r.stakeFactor,
    max_stake: r.maxStake,
    betting_blocked: r.bettingBlocked,
    live_betting_blocked: r.liveBettingBlocked,
    cashout_blocked: r.cashoutBlocked,
    reason: r.reason,
  };
}

/** Players with their risk profiles: by e-mail (contains) or id, or, without a query, every profiled player. */
export async function riskPlayers(
  ex: Executor,
  q: { q?: string | undefined; limit: number },
): Promise<RiskPlayer[]> {
  const query = q.q?.trim();
  const found = query
    ? await ex
        .select(playerColumns)
        .from(players)
        .leftJoin(currencies, eq(currencies.code, players.currency))
        .where(
          or(
            ilike(players.email, containsPattern(query)),
            ...(/^\d{1,15}$/.test(query) ? [eq(players.id, Number(query))] : []),
          ),
        )
        .orderBy(asc(players.id))
        .limit(q.limit)
    : await ex
        .select(playerColumns)
        .from(players)
        .leftJoin(currencies, eq(currencies.code, players.currency))
        .innerJoin(playerRiskProfiles, eq(playerRiskProfiles.playerId, players.id))
        .orderBy(asc(players.id))
        .limit(q.limit);
  return withProfiles(ex, found);
}

/** One player with their risk profile, none when there is no such player. */
export async function riskPlayer(ex: Executor, playerId: number): Promise<RiskPlayer | undefined> {
  const found = await ex
    .select(playerColumns)
    .from(players)
    .leftJoin(currencies, eq(currencies.code, players.currency))
    .where(eq(players.id, playerId));
  return (await withProfiles(ex, found))[0];
}

async function withProfiles(
  ex: Executor,
  found: {
    id: number;
    email: string | null;
    currency: string;
    subunits: number | null;
    fiat: boolean | null;
  }[],
): Promise<RiskPlayer[]> {
  if (found.length === 0) return [];
  const profiles = await ex
    .select({ r: playerRiskProfiles, by: staff.email })
    .from(playerRiskProfiles)
    .innerJoin(staff, eq(staff.id, playerRiskProfiles.updatedBy))
    .where(
      inArray(
        playerRiskProfiles.playerId,
        found.map((p) => p.id),
      ),
    );
  const byPlayer = new Map(profiles.map((p) => [p.r.playerId, p]));
  return found.map((p) => {
    const profile = byPlayer.get(p.id);
    return {
      player_id: p.id,
      email: p.email,
      currency: p.currency,
      subunits: p.subunits ?? 2,
      fiat: p.fiat ?? true,
      profile: profile
        ? { ...bodyOf(profile.r), updated_by: profile.by, updated_at: profile.r.updatedAt.toISOString() }
        : null,
    };
  });
}

/**
 * Sets a player's whole risk profile and audits before → after in one transaction. Placement reads
 * it with every bet (and refuses a remembered decision once one exists), so it holds at once.
 */
export async function setRiskProfile(
  ctx: AppContext,
  actor: AuditActor & { staffId: number },
  playerId: number,
  body: RiskProfileBody,
): Promise<RiskPlayer> {
  await ctx.db.transaction(async (tx) => {
    const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId));
    if (!player) throw new ApiError("notFound");
    const [before] = await tx
      .select()
      .from(playerRiskProfiles)
      .where(eq(playerRiskProfiles.playerId, playerId))
      .for("update");
    const values = {
      stakeFactor: body.stake_factor,
      maxStake: body.max_stake,
      bettingBlocked: body.betting_blocked,
      liveBettingBlocked: body.live_betting_blocked,
      cashoutBlocked: body.cashout_blocked,
      reason: body.reason,
      updatedBy: actor.staffId,
      updatedAt: ctx.now(),
    };
    await tx
      .insert(playerRiskProfiles)
      .values({ playerId, ...values })
      .onConflictDoUpdate({ target: playerRiskProfiles.playerId, set: values });
    await recordStaffAction(ctx, tx, actor, {
      action: "risk.profile_set",
      targetType: "player",
      targetId: playerId,
      before: before ? bodyOf(before) : null,
      after: body,
    });
  });
  const view = await riskPlayer(ctx.db, playerId);
  if (!view) throw new ApiError("notFound");
  return view;
}
