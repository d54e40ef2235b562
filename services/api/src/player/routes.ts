import {
  accountsResponseSchema,
  authorizeChannelsBodySchema,
  authorizeChannelsResponseSchema,
  connectionTokenResponseSchema,
  currencyBodySchema,
  demoSignInBodySchema,
  depositBodySchema,
  depositResponseSchema,
  idempotencyHeadersSchema,
  localeBodySchema,
  okSchema,
  profileSchema,
  sessionResponseSchema,
} from "@sportsbook/contracts";
import { userChannel } from "@sportsbook/contracts/realtime";
import { accounts, currencies, ensurePlayerAccount, players } from "@sportsbook/db";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { connectionToken, subscriptionToken } from "../auth/realtime-tokens.js";
import {
  clearSessionCookies,
  optionalPlayer,
  type PlayerRow,
  requirePlayer,
  revokeSession,
  SESSION_COOKIE,
  sessionOf,
} from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { hashRequest, once } from "../http/idempotency.js";
import { errorResponses, idempotencyKeyOf, typed } from "../http/route-kit.js";
import { assertCountryAllowed } from "../identity/country.js";
import { authFieldsMissed, recordTrackedTags } from "../identity/profile.js";
import { admitPlayer, startSession } from "../identity/sign-in.js";
import { sha256 } from "../identity/tokens.js";
import { playerAccounts } from "../wallet/accounts.js";
import { demoDeposit } from "../wallet/deposit.js";
import { registerFavouriteRoutes } from "./favourite-routes.js";
import { registerNotificationRoutes } from "./notification-routes.js";
import { demoPlayer } from "./provisioning.js";
import { registerSettingsRoutes } from "./settings-routes.js";
import { registerVoteRoutes } from "./vote-routes.js";

function profile(p: PlayerRow | null) {
  if (!p) {
    return {
      id: null,
      email: null,
      phone: null,
      name: null,
      first_name: null,
      last_name: null,
      nickname: null,
      language: null,
      currency: null,
      statuses: [],
      auth_fields_missed: [],
      country: null,
      is_blocked: false,
    };
  }
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ") || p.nickname;
  return {
    id: p.id,
    email: p.email,
    phone: p.phone,
    name,
    first_name: p.firstName,
    last_name: p.lastName,
    nickname: p.nickname,
    language: p.language,
    currency: p.currency,
    statuses: p.statusIds.map((id) => ({ id })),
    auth_fields_missed: [],
    country: p.countryCode ? { name: p.countryCode, code: p.countryCode } : null,
    is_blocked: p.status !== "active",
  };
}

export function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["player"];

  r.get(
    "/player",
    {
      schema: {
        tags,
        summary: "The signed-in player's profile (id null for a visitor)",
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      if (!player) return profile(null);
      await recordTrackedTags(ctx, player.id, request.query);
      return { ...profile(player), auth_fields_missed: authFieldsMissed(ctx, player) };
    },
  );

  r.get(
    "/player/accounts",
    {
      schema: {
        tags,
        summary: "Balances per currency",
        response: { 200: accountsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return { data: await playerAccounts(ctx, player) };
    },
  );

  r.post(
    "/player/logout",
    { schema: { tags, summary: "Ends the session", response: { 200: okSchema, ...errorResponses } } },
    async (request, reply) => {
      await optionalPlayer(ctx, request);
      await revokeSession(ctx, request);
      clearSessionCookies(ctx, request, reply);
      return { ok: true as const };
    },
  );

  r.put(
    "/player/currency",
    {
      schema: {
        tags,
        summary: "Switches the playing currency (an account in it must exist)",
        body: currencyBodySchema,
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const [account] = await ctx.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.playerId, player.id), eq(accounts.currency, request.body.currency)));
      if (!account) {
        throw new ApiError("validationFailed", {
          details: [{ field: "body.currency", message: "the player has no account in this currency" }],
        });
      }
      const [updated] = await ctx.db
        .update(players)
        .set({ currency: request.body.currency, updatedAt: ctx.now() })
        .where(eq(players.id, player.id))
        .returning();
      return profile(updated ?? player);
    },
  );

  r.put(
    "/player/locale",
    {
      schema: {
        tags,
        summary: "Stores the player's language",
        body: localeBodySchema,
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const [updated] = await ctx.db
        .update(players)
        .set({ language: request.body.locale, updatedAt: ctx.now() })
        .where(eq(players.id, player.id))
        .returning();
      return profile(updated ?? player);
    },
  );

  r.post(
    "/player/deposits",
    {
      schema: {
        tags,
        summary: "Deposit through the demo payment provider (embedded mode only)",
        headers: idempotencyHeadersSchema,
        body: depositBodySchema,
        response: { 200: depositResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!ctx.settings.demo) throw new ApiError("notFound");
      const player = await requirePlayer(ctx, request);
      const [currency] = await ctx.db
        .select()
        .from(currencies)
        .where(and(eq(currencies.code, request.body.currency), eq(currencies.enabled, true)));
      if (!currency) {
        throw new ApiError("validationFailed", {
          details: [{ field: "body.currency", message: "unknown currency" }],
        });
      }
      const key = idempotencyKeyOf(request);
      const scope = key
        ? { playerId: player.id, scope: "deposit", key, requestHash: hashRequest(request.body) }
        : undefined;
      const answer = (result: { paymentId: number; balance: number }) => ({
        data: {
          id: result.paymentId,
          status: "success" as const,
          balance: { value: result.balance, currency: currency.code, subunits: currency.subunits },
        },
      });
      return once(ctx, scope, async (record) =>
        answer(
          await demoDeposit(ctx, player.id, currency.code, request.body.amount, (tx, result) =>
            record(tx, answer(result)),
          ),
        ),
      );
    },
  );

  r.post(
    "/demo/sign-in",
    {
      schema: {
        tags,
        summary: "Signs in as the funded demo player (embedded mode only)",
        description:
          "Follows the rules of a real sign-in: a JSON body (so a cross-site form cannot sign a browser in), the country rules, refused to a signed-in browser and to a player a limit keeps out.",
        body: demoSignInBodySchema,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!ctx.settings.demo) throw new ApiError("notFound");
      if ((await sessionOf(ctx, request)).state === "active") throw new ApiError("alreadySignedIn");
      assertCountryAllowed(ctx, request);
      const playerId = await demoPlayer(ctx);
      const [player] = await ctx.db.select().from(players).where(eq(players.id, playerId));
      if (!player) throw new ApiError("notFound");
      await admitPlayer(ctx, player);
      await ensurePlayerAccount(ctx.db, playerId, "EUR");
      const presented = request.cookies[SESSION_COOKIE];
      const { csrfToken } = await startSession(
        ctx,
        request,
        reply,
        player,
        presented ? sha256(presented) : null,
      );
      return { data: { player_id: playerId, csrf_token: csrfToken } };
    },
  );

  r.post(
    "/websocket/token",
    {
      schema: {
        tags: ["realtime"],
        summary: "Connection token for the realtime gateway",
        response: { 200: connectionTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await optionalPlayer(ctx, request);
      const { token, expiresAt } = await connectionToken(ctx, player?.id ?? null);
      return { token, expires_at: expiresAt.toISOString() };
    },
  );

  r.post(
    "/websocket/authorize",
    {
      schema: {
        tags: ["realtime"],
        summary: "Subscription tokens for the player's private channels",
        body: authorizeChannelsBodySchema,
        response: { 200: authorizeChannelsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const own = userChannel(player.id);
      const channels = [];
      for (const channel of request.body.channels) {
        if (channel !== own) {
          throw new ApiError("forbidden", {
            details: [{ field: "body.channels", message: `not yours: ${channel}` }],
          });
        }
        channels.push({ channel, token: await subscriptionToken(ctx, player.id, channel) });
      }
      return { channels };
    },
  );

  registerSettingsRoutes(app, ctx);
  registerFavouriteRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerVoteRoutes(app, ctx);
}
