import {
  bonusCreateBodySchema,
  bonusDefinitionSchema,
  jackpotCreateBodySchema,
  jackpotDefinitionSchema,
  promotionKeyParamsSchema,
  promotionListSchema,
  storedBonusSchema,
  storedJackpotSchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import {
  endBonus,
  endJackpot,
  listPromotions,
  saveBonus,
  saveJackpot,
  storedBonus,
  storedJackpot,
} from "./promotions.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** The promotions desk: bonuses and jackpots listed, read, created, edited and ended. */
export function registerPromotionRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/promotions",
    {
      config: { operation: "listPromotions" },
      schema: {
        tags,
        security,
        summary: "Every bonus and jackpot definition, the latest changed first",
        response: { 200: promotionListSchema, ...errorResponses },
      },
    },
    async () => ({ data: await listPromotions(ctx) }),
  );

  r.get(
    "/promotions/bonuses/:key",
    {
      config: { operation: "listPromotions" },
      schema: {
        tags,
        security,
        summary: "A bonus's definition, as the seed file and the operator API take it",
        params: promotionKeyParamsSchema,
        response: { 200: storedBonusSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await storedBonus(ctx, request.params.key) }),
  );

  r.post(
    "/promotions/bonuses",
    {
      config: { operation: "savePromotion" },
      schema: {
        tags,
        security,
        summary: "Create a bonus under a new key; a promo code must be no other bonus's",
        body: bonusCreateBodySchema,
        response: { 200: storedBonusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { key, definition } = request.body;
      return { data: await saveBonus(ctx, auditActorOf(actorOf(request)), key, definition, "create") };
    },
  );

  r.put(
    "/promotions/bonuses/:key",
    {
      config: { operation: "savePromotion" },
      schema: {
        tags,
        security,
        summary: "Edit a bonus's whole definition (players keep what was issued to them)",
        params: promotionKeyParamsSchema,
        body: bonusDefinitionSchema,
        response: { 200: storedBonusSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await saveBonus(ctx, auditActorOf(actorOf(request)), request.params.key, request.body, "edit"),
    }),
  );

  r.post(
    "/promotions/bonuses/:key/end",
    {
      config: { operation: "endPromotion" },
      schema: {
        tags,
        security,
        summary: "End a bonus now (its valid_to becomes now)",
        params: promotionKeyParamsSchema,
        response: { 200: storedBonusSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await endBonus(ctx, auditActorOf(actorOf(request)), request.params.key) }),
  );

  r.get(
    "/promotions/jackpots/:key",
    {
      config: { operation: "listPromotions" },
      schema: {
        tags,
        security,
        summary: "A jackpot's definition, as the seed file and the operator API take it",
        params: promotionKeyParamsSchema,
        response: { 200: storedJackpotSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await storedJackpot(ctx, request.params.key) }),
  );

  r.post(
    "/promotions/jackpots",
    {
      config: { operation: "savePromotion" },
      schema: {
        tags,
        security,
        summary: "Create a jackpot under a new key",
        body: jackpotCreateBodySchema,
        response: { 200: storedJackpotSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { key, definition } = request.body;
      return { data: await saveJackpot(ctx, auditActorOf(actorOf(request)), key, definition, "create") };
    },
  );

  r.put(
    "/promotions/jackpots/:key",
    {
      config: { operation: "savePromotion" },
      schema: {
        tags,
        security,
        summary: "Edit a jackpot's whole definition (its levels keep their pools)",
        params: promotionKeyParamsSchema,
        body: jackpotDefinitionSchema,
        response: { 200: storedJackpotSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await saveJackpot(ctx, auditActorOf(actorOf(request)), request.params.key, request.body, "edit"),
    }),
  );

  r.post(
    "/promotions/jackpots/:key/end",
    {
      config: { operation: "endPromotion" },
      schema: {
        tags,
        security,
        summary: "End a jackpot now: no more contributions, pools kept",
        params: promotionKeyParamsSchema,
        response: { 200: storedJackpotSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await endJackpot(ctx, auditActorOf(actorOf(request)), request.params.key) }),
  );
}
