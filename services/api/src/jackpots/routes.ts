import {
  jackpotDefinitionSchema,
  jackpotHitsQuerySchema,
  jackpotHitsResponseSchema,
  jackpotIdParamsSchema,
  jackpotKeyParamsSchema,
  jackpotResponseSchema,
  jackpotsResponseSchema,
  markJackpotHitsSeenBodySchema,
  okSchema,
  slipJackpotsBodySchema,
  slipJackpotsResponseSchema,
} from "@sportsbook/contracts";
import { jackpotHits, jackpotLevels, jackpots, players } from "@sportsbook/db";
import { countsAsHit, type JackpotHitStatus, type JackpotLevelState } from "@sportsbook/domain";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { optionalPlayer, requirePlayer } from "../auth/session.js";
import { localText } from "../bonuses/present.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertOperator } from "../http/operator-key.js";
import { errorResponses, localeOf, pagination, typed } from "../http/route-kit.js";
import { maskedPlayerName } from "../player/masked-name.js";
import { type CurrencyInfo, currencyTable } from "../wallet/currencies.js";
import { type JackpotLevelRow, type JackpotRow, upsertJackpot } from "./definitions.js";
import { playsFor } from "./running.js";

const tags = ["jackpots"];

/** The jackpots players see (enabled ones, or the one asked for), with their levels in order and counted hits. */
async function visibleJackpots(ctx: AppContext, id?: number) {
  const rows = await ctx.db
    .select()
    .from(jackpots)
    .where(and(eq(jackpots.status, "enabled"), id === undefined ? undefined : eq(jackpots.id, id)))
    .orderBy(asc(jackpots.id));
  if (rows.length === 0) return [];
  const ids = rows.map((j) => j.id);
  const levels = await ctx.db
    .select()
    .from(jackpotLevels)
    .where(inArray(jackpotLevels.jackpotId, ids))
    .orderBy(asc(jackpotLevels.position));
  const counted = await ctx.db
    .select({ jackpotId: jackpotHits.jackpotId, status: jackpotHits.status, n: sql<number>`count(*)::int` })
    .from(jackpotHits)
    .where(inArray(jackpotHits.jackpotId, ids))
    .groupBy(jackpotHits.jackpotId, jackpotHits.status);
  return rows.map((jackpot) => ({
    jackpot,
    levels: levels.filter((l) => l.jackpotId === jackpot.id && l.state !== "disabled"),
    hits: counted
      .filter((c) => c.jackpotId === jackpot.id && countsAsHit(c.status as JackpotHitStatus))
      .reduce((n, c) => n + Number(c.n), 0),
  }));
}

function present(
  v: { jackpot: JackpotRow; levels: JackpotLevelRow[]; hits: number },
  locale: string,
  table: Map<string, CurrencyInfo>,
) {
  return {
    id: v.jackpot.id,
    name: localText(v.jackpot.name, locale),
    amount: v.levels.reduce((n, l) => n + l.poolAmount, 0),
    pool_amount: v.levels.reduce((top, l) => Math.max(top, l.poolAmount), 0),
    hits_amount: v.hits,
    currency: v.jackpot.currency,
    subunits: table.get(v.jackpot.currency)?.subunits ?? 2,
    contribution_bp: v.jackpot.contributionBp,
    min_stake: v.jackpot.minStake,
    min_odds: v.jackpot.minOdds,
    levels: v.levels.map((l) => ({
      code: l.code,
      name: localText(l.name, locale),
      pool_amount: l.poolAmount,
      drop_at: l.dropAt,
      state: l.state as JackpotLevelState,
    })),
  };
}

/** Jackpots (SPEC §7): the running ones, which a slip's bets play for, the hits; and the operator's definitions. */
export function registerJackpotRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/jackpots",
    {
      schema: {
        tags,
        summary: "The jackpots bets play for, with their levels' pools (the page polls it every 15 s)",
        response: { 200: jackpotsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const table = await currencyTable(ctx);
      return { data: (await visibleJackpots(ctx)).map((v) => present(v, localeOf(request), table)) };
    },
  );

  r.get(
    "/jackpots/:id",
    {
      schema: {
        tags,
        summary: "One jackpot with its levels",
        params: jackpotIdParamsSchema,
        response: { 200: jackpotResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [found] = await visibleJackpots(ctx, request.params.id);
      if (!found) throw new ApiError("notFound");
      return { data: present(found, localeOf(request), await currencyTable(ctx)) };
    },
  );

  r.post(
    "/jackpots",
    {
      schema: {
        tags,
        summary: "The jackpots each bet of the slip would play for",
        description:
          "Per bet, in the order sent: the ids of the running jackpots in the stake's currency whose minimum stake and odds it meets. A bet a freebet pays does not play.",
        body: slipJackpotsBodySchema,
        response: { 200: slipJackpotsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await requirePlayer(ctx, request);
      const running = await ctx.jackpots.list(ctx);
      return {
        data: request.body.bets.map((b) =>
          running
            .filter((j) =>
              playsFor(j, {
                currency: b.stake.currency,
                stake: b.stake.value,
                odds: b.odds,
                freebet: b.freebet,
              }),
            )
            .map((j) => j.id),
        ),
      };
    },
  );

  r.get(
    "/jackpot-hits",
    {
      schema: {
        tags,
        summary: "Jackpot hits, newest first (10 by default; the page refetches every 60 s)",
        description:
          "`for_user` and `unseen` read the signed-in player's own hits; a hit counts when it is approved or paid.",
        querystring: jackpotHitsQuerySchema,
        response: { 200: jackpotHitsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const player =
        q.for_user || q.unseen ? await requirePlayer(ctx, request) : await optionalPlayer(ctx, request);
      const where: SQL[] = [];
      if (q.jackpot_id) where.push(eq(jackpotHits.jackpotId, q.jackpot_id));
      if (q.status) where.push(eq(jackpotHits.status, q.status));
      if (player && (q.for_user || q.unseen)) where.push(eq(jackpotHits.playerId, player.id));
      if (q.unseen) where.push(isNull(jackpotHits.seenAt));
      const rows = await ctx.db
        .select({ hit: jackpotHits, level: jackpotLevels, email: players.email })
        .from(jackpotHits)
        .innerJoin(jackpotLevels, eq(jackpotLevels.id, jackpotHits.levelId))
        .innerJoin(players, eq(players.id, jackpotHits.playerId))
        .where(and(...where))
        .orderBy(desc(jackpotHits.createdAt), desc(jackpotHits.id))
        .limit(q.limit);
      const locale = localeOf(request);
      const table = await currencyTable(ctx);
      return {
        data: rows.map(({ hit, level, email }) => ({
          id: hit.id,
          jackpot_id: hit.jackpotId,
          amount: hit.amount,
          amount_eur: hit.currency === "EUR" ? hit.amount : null,
          currency: hit.currency,
          subunits: table.get(hit.currency)?.subunits ?? 2,
          created_at: hit.createdAt.toISOString(),
          level: { code: level.code, name: localText(level.name, locale) },
          status: hit.status as JackpotHitStatus,
          seen: hit.seenAt !== null,
          mine: player?.id === hit.playerId,
          winner: maskedPlayerName(email, hit.playerId),
        })),
        pagination: pagination(rows.length, 1, q.limit),
      };
    },
  );

  r.post(
    "/jackpot-hits/mark-as-seen",
    {
      schema: {
        tags,
        summary: "Marks the player's own hits seen, once (the hit modal shows each once)",
        body: markJackpotHitsSeenBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ctx.db
        .update(jackpotHits)
        .set({ seenAt: ctx.now() })
        .where(
          and(
            eq(jackpotHits.playerId, player.id),
            inArray(jackpotHits.id, request.body.ids),
            isNull(jackpotHits.seenAt),
          ),
        );
      return { ok: true as const };
    },
  );

  r.put(
    "/operator/jackpots/:key",
    {
      schema: {
        tags: ["operator"],
        summary: "Defines a jackpot under the operator's key, or changes its terms (pools are kept)",
        params: jackpotKeyParamsSchema,
        body: jackpotDefinitionSchema,
        response: { 200: jackpotResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertOperator(ctx, request);
      const row = await upsertJackpot(ctx, request.params.key, request.body);
      const [found] = await visibleJackpots(ctx, row.id);
      return {
        data: present(found ?? { jackpot: row, levels: [], hits: 0 }, "en", await currencyTable(ctx)),
      };
    },
  );
}
