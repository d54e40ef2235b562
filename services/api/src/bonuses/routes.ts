import {
  ambProgressBodySchema,
  ambProgressResponseSchema,
  BONUS_LIST_KINDS,
  bonusDefinitionSchema,
  bonusesQuerySchema,
  bonusesResponseSchema,
  bonusIdParamsSchema,
  bonusKeyParamsSchema,
  bonusKindParamsSchema,
  bonusKindQuerySchema,
  bonusParamsSchema,
  bonusResponseSchema,
  bonusTermsResponseSchema,
  markBonusesSeenBodySchema,
  okSchema,
  promoCodeBodySchema,
  ratingQuerySchema,
  ratingResponseSchema,
  type SelectionInput,
  slipBonusesBodySchema,
  slipBonusesResponseSchema,
} from "@sportsbook/contracts";
import { bonuses, playerBonuses } from "@sportsbook/db";
import { type BonusStatus, bonusListFilter } from "@sportsbook/domain";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { optionalPlayer, type PlayerRow, requirePlayer } from "../auth/session.js";
import { asSlipSelection, selectionKey } from "../bets/placement-inputs.js";
import { loadSelectionStates } from "../bets/state.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertOperator } from "../http/operator-key.js";
import { errorResponses, localeOf, pagination, typed } from "../http/route-kit.js";
import { countedBets, heldAmbs, presentAmb } from "./amb.js";
import { boostFreebet } from "./boost.js";
import { type BonusRow, upsertBonus } from "./definitions.js";
import { activateBonus, ensureSignUpBonuses, markSeen, redeemPromoCode } from "./issue.js";
import { type IssuedRow, localText, presentBonus, statusOf } from "./present.js";
import { type BonusBet, bonusFit, presentFit, totalOddsOf, usableBonuses } from "./slip.js";
import { tournamentRating } from "./tournaments.js";

const tags = ["bonuses"];

interface Listed {
  bonus: BonusRow;
  issued: IssuedRow | undefined;
  status: BonusStatus;
}

/**
 * The bonuses a visitor or player may see (one, when `bonusId` is given): every running definition,
 * and for a player also the ones issued to them that have since ended.
 */
async function visibleBonuses(
  ctx: AppContext,
  player: PlayerRow | null,
  bonusId?: number,
): Promise<Listed[]> {
  const rows = await ctx.db
    .select({ bonus: bonuses, issued: playerBonuses })
    .from(bonuses)
    .leftJoin(
      playerBonuses,
      and(eq(playerBonuses.bonusId, bonuses.id), eq(playerBonuses.playerId, player?.id ?? -1)),
    )
    .where(bonusId === undefined ? undefined : eq(bonuses.id, bonusId))
    .orderBy(asc(bonuses.id));
  return (
    rows
      .map((r) => ({ bonus: r.bonus, issued: r.issued ?? undefined }))
      // a bonus the operator hands out (issued_by manual) is seen by those who hold it
      .filter((r) => r.issued || (r.bonus.status === "enabled" && r.bonus.issuedBy !== "manual"))
      .map((r) => ({ ...r, status: statusOf(ctx, r.bonus, r.issued) }))
      .sort((a, b) => RANK.indexOf(a.status) - RANK.indexOf(b.status) || a.bonus.id - b.bonus.id)
  );
}

/** A player's list: their sign-up bonuses are issued on this look, then every visible one is read. */
async function listFor(ctx: AppContext, player: PlayerRow | null): Promise<Listed[]> {
  if (player) await ensureSignUpBonuses(ctx, player);
  return visibleBonuses(ctx, player);
}

/** One visible bonus, or a 404. */
async function oneBonus(ctx: AppContext, player: PlayerRow | null, bonusId: number): Promise<Listed> {
  const [found] = await visibleBonuses(ctx, player, bonusId);
  if (!found) throw new ApiError("notFound");
  return found;
}

/** What the player can use first, then what they could get, then what is coming, then what has ended. */
const RANK: readonly BonusStatus[] = [
  "active",
  "available",
  "not_available",
  "upcoming",
  "bonus_over",
  "expired",
  "overridden",
  "deactivated",
  "unknown",
];

/** Whether a bonus belongs to a kind's list: `freebets` holds every freebet type and the ambs. */
const ofListKind = (kind: string, listed: string) => kind.startsWith(listed);

const isAvailable = (s: BonusStatus) => s === "available" || s === "active";

function page<T>(items: readonly T[], p: number, limit: number) {
  return { slice: items.slice((p - 1) * limit, p * limit), pagination: pagination(items.length, p, limit) };
}

/**
 * The slip's bets at their selections' current prices, as the bonus rules read them; undefined for
 * a bet with a selection no longer known.
 */
async function readSlipBets(
  ctx: AppContext,
  bets: readonly { type: string; currency: string; selections: SelectionInput[] }[],
  locale: string,
): Promise<(BonusBet | undefined)[]> {
  const states = await loadSelectionStates(
    ctx,
    bets.flatMap((b) => b.selections),
    locale,
  );
  return bets.map((bet) => {
    const selections = bet.selections.map((s, i) => {
      const state = states.get(selectionKey(s));
      return state && asSlipSelection(state, s, i);
    });
    if (selections.some((s) => s === undefined)) return undefined;
    return { type: bet.type, currency: bet.currency, selections: selections.flatMap((s) => (s ? [s] : [])) };
  });
}

/** The player's bonuses (SPEC §7): lists, detail, terms, activation, seen marks, promo codes; and the operator's definitions. */
export function registerBonusRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const view = (request: FastifyRequest, l: Listed) =>
    presentBonus(ctx, l.bonus, l.issued, localeOf(request));

  r.get(
    "/bonuses",
    {
      schema: {
        tags,
        summary: "Bonuses of every kind the visitor or player can see, with the player's state of each",
        description:
          "`filter` picks a promotions tab (past, valid, upcoming); `is_unseen` the player's unseen ones; `is_available` those the player can use now.",
        querystring: bonusesQuerySchema,
        response: { 200: bonusesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const listed = (await listFor(ctx, await optionalPlayer(ctx, request))).filter(
        (l) =>
          (!q.filter || bonusListFilter(l.status) === q.filter) &&
          (!q.is_unseen || (l.issued !== undefined && l.issued.seenAt === null)) &&
          (q.is_available === undefined || isAvailable(l.status) === q.is_available) &&
          (!q.bonus_type || q.bonus_type.includes(l.bonus.kind as never)),
      );
      const { slice, pagination: p } = page(listed, q.page, q.limit);
      return { data: slice.map((l) => view(request, l)), pagination: p };
    },
  );

  r.get(
    "/bonuses/:kind",
    {
      schema: {
        tags,
        summary: "One kind's bonuses (freebets of every type, or comboboosts), four a page by default",
        params: bonusKindParamsSchema,
        querystring: bonusKindQuerySchema,
        response: { 200: bonusesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const kind = BONUS_LIST_KINDS[request.params.kind];
      const q = request.query;
      const listed = (await listFor(ctx, await optionalPlayer(ctx, request))).filter(
        (l) =>
          ofListKind(l.bonus.kind, kind) &&
          (!q.status || l.status === q.status) &&
          (q.is_available === undefined || isAvailable(l.status) === q.is_available),
      );
      const { slice, pagination: p } = page(listed, q.page, q.limit ?? (kind === "tournament" ? 1 : 4));
      return { data: slice.map((l) => view(request, l)), pagination: p };
    },
  );

  const one = async (request: FastifyRequest, kind: keyof typeof BONUS_LIST_KINDS, id: number) => {
    const found = await oneBonus(ctx, await optionalPlayer(ctx, request), id);
    if (!ofListKind(found.bonus.kind, BONUS_LIST_KINDS[kind])) throw new ApiError("notFound");
    return found;
  };

  r.get(
    "/bonuses/:kind/:id",
    {
      schema: {
        tags,
        summary: "One bonus with the player's state of it",
        params: bonusParamsSchema,
        response: { 200: bonusResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: view(request, await one(request, request.params.kind, request.params.id)) }),
  );

  r.get(
    "/bonuses/:kind/:id/terms",
    {
      schema: {
        tags,
        summary: "A bonus's terms and conditions, in the request's language",
        params: bonusParamsSchema,
        response: { 200: bonusTermsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await one(request, request.params.kind, request.params.id);
      return { data: { rules: localText(found.bonus.rules, localeOf(request)) } };
    },
  );

  r.get(
    "/bonuses/tournaments/:id/rating",
    {
      schema: {
        tags,
        summary: "A tournament's leaderboard: the top places, and the player's own when further down",
        params: bonusIdParamsSchema,
        querystring: ratingQuerySchema,
        response: { 200: ratingResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      const found = await oneBonus(ctx, player, request.params.id);
      if (found.bonus.kind !== "tournament") throw new ApiError("notFound");
      return tournamentRating(ctx, found.bonus, player?.id, request.query.limit);
    },
  );

  r.post(
    "/bonuses/:id/activate",
    {
      schema: {
        tags,
        summary: "Activates a bonus issued to the player; one freebet is active at a time",
        params: bonusIdParamsSchema,
        response: { 200: bonusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await activateBonus(ctx, player, request.params.id);
      return { data: view(request, await oneBonus(ctx, player, request.params.id)) };
    },
  );

  r.post(
    "/bonuses",
    {
      schema: {
        tags,
        summary: "The bonuses each bet of the slip may be placed with",
        description:
          "Per bet, in the order sent: the player's active freebets whose conditions the bet meets (at the selections' current prices) and the comboboosts whose ranges a combo reaches. A bet with an unknown selection gets none.",
        body: slipBonusesBodySchema,
        response: { 200: slipBonusesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ensureSignUpBonuses(ctx, player);
      const usable = await usableBonuses(ctx, ctx.db, player.id);
      if (usable.length === 0) return { data: request.body.bets.map(() => []) };
      const locale = localeOf(request);
      const bets = await readSlipBets(ctx, request.body.bets, locale);
      return {
        data: bets.map((read) =>
          read
            ? usable.flatMap((b) => {
                const fit = bonusFit(b, read);
                return fit ? [presentFit(fit, locale, read.currency)] : [];
              })
            : [],
        ),
      };
    },
  );

  r.post(
    "/bonuses/:id/boost",
    {
      schema: {
        tags,
        summary: "Boosts a freebet with points of the player's hunting or lootbox, once",
        description:
          "The freebet's boost data names the points it costs and its multiplier; refused with `boostNotAvailable` and a reason (`not_boostable`, `already_boosted`, `not_enough_points`).",
        params: bonusIdParamsSchema,
        response: { 200: bonusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await boostFreebet(ctx, player, request.params.id);
      return { data: view(request, await oneBonus(ctx, player, request.params.id)) };
    },
  );

  r.get(
    "/bonuses/freebets/amb",
    {
      schema: {
        tags,
        summary: "The player's freebet amb progress: bets counted and the freebets each milestone earns",
        response: { 200: ambProgressResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      if (!player) return { data: [] };
      await ensureSignUpBonuses(ctx, player);
      const locale = localeOf(request);
      return { data: (await heldAmbs(ctx, ctx.db, player.id)).map((h) => presentAmb(h, locale, 0)) };
    },
  );

  r.post(
    "/bonuses/freebets/amb",
    {
      schema: {
        tags,
        summary: "The player's freebet amb progress, and where the slip's bets would take it",
        description:
          "`possible_progress_count` counts the bets sent (at the selections' current prices) that the amb would count once placed.",
        body: ambProgressBodySchema,
        response: { 200: ambProgressResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await ensureSignUpBonuses(ctx, player);
      const held = await heldAmbs(ctx, ctx.db, player.id);
      const locale = localeOf(request);
      if (held.length === 0) return { data: [] };
      const bets = await readSlipBets(ctx, request.body.bets, locale);
      const ambBets = request.body.bets.flatMap((b, i) => {
        const read = bets[i];
        return read
          ? [{ currency: b.currency, stake: b.stake, odds: totalOddsOf(read), paidByFreebet: false }]
          : [];
      });
      return { data: held.map((h) => presentAmb(h, locale, countedBets(h, ambBets))) };
    },
  );

  r.post(
    "/bonuses/mark-as-seen",
    {
      schema: {
        tags,
        summary: "Marks bonuses seen; one already seen keeps its first time",
        body: markBonusesSeenBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await markSeen(ctx, await requirePlayer(ctx, request), request.body.ids);
      return { ok: true as const };
    },
  );

  r.post(
    "/bonuses/promo-code",
    {
      schema: {
        tags,
        summary: "Redeems a promo code: its bonus is issued to the player, once",
        body: promoCodeBodySchema,
        response: { 200: bonusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const bonus = await redeemPromoCode(ctx, player, request.body.code);
      return { data: view(request, await oneBonus(ctx, player, bonus.id)) };
    },
  );

  r.put(
    "/operator/bonuses/:key",
    {
      schema: {
        tags: ["operator"],
        summary: "Defines a bonus under the operator's key, or changes its terms",
        params: bonusKeyParamsSchema,
        body: bonusDefinitionSchema,
        response: { 200: bonusResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertOperator(ctx, request);
      const row = await upsertBonus(ctx, request.params.key, request.body);
      return { data: presentBonus(ctx, row, undefined, "en") };
    },
  );
}
