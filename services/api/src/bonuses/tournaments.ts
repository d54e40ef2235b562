import type { leaderboardRowSchema, tournamentTermsSchema } from "@sportsbook/contracts";
import { bonuses, playerBonuses, players } from "@sportsbook/db";
import { rankByPoints } from "@sportsbook/domain";
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { maskedPlayerName } from "../player/masked-name.js";
import type { BonusRow } from "./definitions.js";
import { announceIssued, issueCopy } from "./issue.js";

type LeaderboardRow = z.output<typeof leaderboardRowSchema>;
type TournamentTerms = z.output<typeof tournamentTermsSchema>;

/** The tournament's players who farmed, ranked (SPEC §3 leaderboard row). */
async function standings(ctx: AppContext, bonusId: number) {
  const rows = await ctx.db
    .select({
      playerId: playerBonuses.playerId,
      points: playerBonuses.points,
      pointsAt: playerBonuses.pointsAt,
      currency: players.currency,
      language: players.language,
      email: players.email,
    })
    .from(playerBonuses)
    .innerJoin(players, eq(players.id, playerBonuses.playerId))
    .where(and(eq(playerBonuses.bonusId, bonusId), gt(playerBonuses.points, 0)));
  return rankByPoints(rows.map((r) => ({ ...r, id: r.playerId, since: r.pointsAt?.getTime() ?? 0 })));
}

/** The prize of a position in the player's currency, if any. */
function prizeOf(terms: TournamentTerms, position: number, currency: string): number | undefined {
  return terms.prizes.find((p) => position >= p.position_from && position <= p.position_to)?.amounts[
    currency
  ];
}

/**
 * SPEC §7 `GET /bonuses/tournaments/{id}/rating`: the top `limit` places, and the asking player's
 * own place when it is further down. Others are named by the start of their address.
 */
export async function tournamentRating(
  ctx: AppContext,
  tournament: BonusRow,
  playerId: number | undefined,
  limit: number,
): Promise<{ data: LeaderboardRow[]; me: LeaderboardRow | null }> {
  const terms = tournament.terms as TournamentTerms;
  const row = (r: Awaited<ReturnType<typeof standings>>[number]): LeaderboardRow => {
    const mine = r.entry.playerId === playerId;
    return {
      position: r.position,
      current_user: mine,
      farmed_amount: r.entry.points,
      currency_code: r.entry.currency,
      farmed_freebets_count: prizeOf(terms, r.position, r.entry.currency) === undefined ? 0 : 1,
      name: mine ? (r.entry.email ?? "") : maskedPlayerName(r.entry.email, r.entry.playerId),
    };
  };
  const ranked = await standings(ctx, tournament.id);
  const top = ranked.slice(0, limit).map(row);
  const own = ranked.find((r) => r.entry.playerId === playerId);
  return { data: top, me: own && own.position > limit ? row(own) : null };
}

/**
 * Issues the prizes of every tournament that has ended and not been settled: each place with a
 * prize in its player's currency gets the reward freebet with that stake. Run by housekeeping; a
 * tournament is settled once (marked in the same transaction as its prizes).
 */
export async function settleTournaments(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const ended = await ctx.db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.kind, "tournament"), lte(bonuses.validTo, now), isNull(bonuses.settledAt)));
  for (const tournament of ended) {
    const terms = tournament.terms as TournamentTerms;
    const ranked = await standings(ctx, tournament.id);
    const issued = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(bonuses)
        .set({ settledAt: now })
        .where(and(eq(bonuses.id, tournament.id), isNull(bonuses.settledAt)))
        .returning({ id: bonuses.id });
      if (!claimed) return [];
      const [reward] = await tx.select().from(bonuses).where(eq(bonuses.key, terms.reward_bonus));
      if (!reward) return [];
      const winners: number[] = [];
      for (const r of ranked) {
        const amount = prizeOf(terms, r.position, r.entry.currency);
        if (amount === undefined) continue;
        const copy = await issueCopy(
          tx,
          reward,
          { playerId: r.entry.playerId, currency: r.entry.currency, language: r.entry.language },
          now,
          { amount },
        );
        if (copy) winners.push(r.entry.playerId);
      }
      return winners.map((playerId) => ({
        playerId,
        reward,
        language: ranked.find((r) => r.entry.playerId === playerId)?.entry.language ?? "en",
      }));
    });
    for (const { playerId, reward, language } of issued)
      await announceIssued(ctx, playerId, reward, language);
  }
  return ended.length;
}
