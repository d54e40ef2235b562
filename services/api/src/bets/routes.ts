import {
  betsQuerySchema,
  betsResponseSchema,
  cashoutBodySchema,
  cashoutResponseSchema,
  customMarketsResponseSchema,
  customOddsBodySchema,
  customOddsResponseSchema,
  idempotencyHeadersSchema,
  idSchema,
  maxStakeBodySchema,
  maxStakeResponseSchema,
  placeBetsBodySchema,
  placeBetsResponseSchema,
  SHARED_SELECTIONS_MAX,
  shareCodeBodySchema,
  shareCodeCreatedSchema,
  shareCodeQuerySchema,
  shareCodeResponseSchema,
} from "@sportsbook/contracts";
import { bets, matches, shareCodes } from "@sportsbook/db";
import {
  BET_LIST_FILTERS,
  type BetListFilter,
  type BetStatus,
  betResultsOf,
  betStatusesOf,
} from "@sportsbook/domain";
import { and, count, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { admitSession, optionalPlayer, requirePlayer, sessionTokenHash } from "../auth/session.js";
import { loadMarkets } from "../catalogue/matches.js";
import { presentMarket } from "../catalogue/present.js";
import type { AppContext } from "../context.js";
import { ApiError, validationError } from "../http/errors.js";
import {
  errorResponses,
  idempotencyKeyOf,
  localeOf,
  pagination,
  typed,
  unencodedAnswers,
} from "../http/route-kit.js";
import { assertWithinBudget, type Budget, recordAttempt } from "../identity/attempts.js";
import { currencyTable } from "../wallet/currencies.js";
import { cashoutBet } from "./cashout.js";
import { type Placer, placeBets } from "./place.js";
import { selectionKey } from "./placement-inputs.js";
import { loadBonusNames, loadSelectionViews, presentBet } from "./present.js";
import { customOdds, maxStakes } from "./pricing.js";
import {
  newShareCode,
  SHARE_CODE_BODY_LIMIT,
  SHARE_CODE_TTL_SECONDS,
  SHARE_CODES_PER_HOUR,
} from "./share.js";
import { loadSelectionStates } from "./state.js";

const isBetListFilter = (s: string): s is BetListFilter =>
  (BET_LIST_FILTERS as readonly string[]).includes(s);

export function registerBetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["bets"];

  r.get(
    "/bets",
    {
      schema: {
        tags,
        summary: "The player's bets, newest first; status may be statuses or all/open/settled",
        querystring: betsQuerySchema,
        response: { 200: betsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const q = request.query;
      const where: SQL[] = [eq(bets.playerId, player.id)];
      const statuses = new Set<BetStatus>();
      for (const s of q.status ?? ["all"]) {
        if (isBetListFilter(s)) for (const x of betStatusesOf(s)) statuses.add(x);
        else statuses.add(s);
      }
      where.push(inArray(bets.status, [...statuses]));
      if (q.result !== "all") where.push(inArray(bets.result, [...betResultsOf(q.result)]));
      const [total] = await ctx.db
        .select({ n: count() })
        .from(bets)
        .where(and(...where));
      const rows = await ctx.db
        .select()
        .from(bets)
        .where(and(...where))
        .orderBy(desc(bets.createdAt), desc(bets.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const locale = q.locale ?? localeOf(request);
      const views = await loadSelectionViews(
        ctx.db,
        rows.map((b) => b.id),
        locale,
      );
      const table = await currencyTable(ctx);
      const bonusNames = await loadBonusNames(ctx.db, rows, locale);
      return {
        data: rows.map((b) => presentBet(ctx, b, views.get(b.id) ?? [], table, bonusNames)),
        pagination: pagination(Number(total?.n ?? 0), q.page, q.limit),
      };
    },
  );

  r.post(
    "/bets",
    {
      schema: {
        tags,
        summary:
          "Places bets (all or none). Send Idempotency-Key to make retries safe (a key is kept for a day)",
        body: placeBetsBodySchema,
        headers: idempotencyHeadersSchema,
        response: { 200: placeBetsResponseSchema, ...errorResponses },
      },
      serializerCompiler: unencodedAnswers,
    },
    async (request) => {
      const tokenHash = sessionTokenHash(request);
      if (!tokenHash) throw new ApiError("unauthorized");
      const placer: Placer = { tokenHash, admit: (session) => admitSession(ctx, request, session) };
      return placeBets(ctx, placer, request.body, localeOf(request), idempotencyKeyOf(request));
    },
  );

  r.post(
    "/bets/max-stake",
    {
      schema: {
        tags,
        summary: "The largest stake each bet accepts (balance and payout limit); 0 when it cannot be placed",
        body: maxStakeBodySchema,
        response: { 200: maxStakeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: await maxStakes(ctx, player, request.body.bets, localeOf(request)) };
    },
  );

  r.post(
    "/bets/cashout",
    {
      schema: {
        tags,
        summary: "Cashes a bet out, wholly or partly (to_cashout); idempotent with Idempotency-Key",
        body: cashoutBodySchema,
        headers: idempotencyHeadersSchema,
        response: { 200: cashoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return cashoutBet(ctx, player, request.body, localeOf(request), idempotencyKeyOf(request));
    },
  );

  r.post(
    "/bets/custom/odds",
    {
      schema: {
        tags,
        summary: "Prices a bet-builder combination of one match",
        body: customOddsBodySchema,
        response: { 200: customOddsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: { odds: await customOdds(ctx, request.body, localeOf(request)) } }),
  );

  r.get(
    "/bets/custom/markets/:matchId",
    {
      schema: {
        tags,
        summary: "Markets of a match open to the bet builder",
        params: z.object({ matchId: idSchema }),
        response: { 200: customMarketsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [match] = await ctx.db.select().from(matches).where(eq(matches.id, request.params.matchId));
      if (!match)
        throw new ApiError("notFound", { details: [{ field: "params.matchId", message: "no such match" }] });
      const loaded = (await loadMarkets(ctx, [match.id], { customBetOnly: true })).get(match.id) ?? [];
      return { data: loaded.map((m) => presentMarket(m.row, m.outcomes, match, localeOf(request))) };
    },
  );

  r.post(
    "/bets/share-code",
    {
      bodyLimit: SHARE_CODE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Stores a slip under a short code to share",
        description: `At most ${SHARED_SELECTIONS_MAX} selections, each an existing outcome; ${SHARE_CODES_PER_HOUR} codes an hour per IP and per player; a code is kept ${SHARE_CODE_TTL_SECONDS / 86_400} days.`,
        body: shareCodeBodySchema,
        response: { 200: shareCodeCreatedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      const budgets: Budget[] = [
        { by: "ip", value: request.ip, max: SHARE_CODES_PER_HOUR, failuresOnly: false },
      ];
      if (player)
        budgets.push({
          by: "subject",
          value: `player:${player.id}`,
          max: SHARE_CODES_PER_HOUR,
          failuresOnly: false,
        });
      await assertWithinBudget(ctx, "share_code", budgets);
      const { bets: shared } = request.body;
      const states = await loadSelectionStates(
        ctx,
        shared.flatMap((b) => b.selections),
        localeOf(request),
      );
      const unknown = shared.flatMap((b, i) =>
        b.selections.flatMap((s, j) =>
          states.has(selectionKey(s))
            ? []
            : [{ field: `body.bets.${i}.selections.${j}`, message: "no such outcome" }],
        ),
      );
      if (unknown.length > 0) throw validationError(unknown);
      await recordAttempt(ctx, "share_code", {
        ip: request.ip,
        subject: player ? `player:${player.id}` : "",
        success: true,
      });
      const code = newShareCode();
      await ctx.db
        .insert(shareCodes)
        .values({ code, playerId: player?.id ?? null, bets: shared, createdAt: ctx.now() });
      return { data: { code } };
    },
  );

  r.get(
    "/bets/share-code",
    {
      schema: {
        tags,
        summary: "The slip stored under a share code",
        querystring: shareCodeQuerySchema,
        response: { 200: shareCodeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select()
        .from(shareCodes)
        .where(
          and(
            eq(shareCodes.code, request.query.code.toUpperCase()),
            gt(shareCodes.createdAt, new Date(ctx.now().getTime() - SHARE_CODE_TTL_SECONDS * 1000)),
          ),
        );
      if (!row)
        throw new ApiError("notFound", { details: [{ field: "query.code", message: "no such share code" }] });
      return { data: { code: row.code, bets: shareCodeBodySchema.shape.bets.parse(row.bets) } };
    },
  );
}
