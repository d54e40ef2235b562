import {
  okSchema,
  phoneCodeBodySchema,
  phoneVerificationSchema,
  phoneVerifyBodySchema,
  profileFieldsBodySchema,
  profileFieldsResponseSchema,
  text,
} from "@sportsbook/contracts";
import { players } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { kickDelivery } from "../mail/dispatcher.js";
import { sendPhoneCode, verifyPhone } from "./phone.js";
import { authFieldsMissed, phoneVerificationRequired } from "./profile.js";

/** Phone verification and completion of required profile fields, for a signed-in player. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["account"];

  r.get(
    "/player/phone-verification",
    {
      schema: {
        tags,
        summary: "Phone verification status (SPEC §3 isVerified); is_required when the operator demands it",
        querystring: z.object({ locale: text().max(35).optional() }),
        response: { 200: phoneVerificationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return {
        data: {
          phone: player.phone,
          is_verified: player.phoneVerifiedAt !== null,
          is_required: phoneVerificationRequired(ctx, player),
        },
      };
    },
  );

  r.post(
    "/player/phone-verification/code",
    {
      schema: {
        tags,
        summary: "Sends a verification code by SMS (optionally to a new phone number)",
        body: phoneCodeBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await sendPhoneCode(ctx, player, request.body.phone, request.ip);
      kickDelivery(ctx);
      return { ok: true as const };
    },
  );

  r.post(
    "/player/phone-verification",
    {
      schema: {
        tags,
        summary: "Verifies the phone with the six-digit code",
        body: phoneVerifyBodySchema,
        response: { 200: phoneVerificationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      await verifyPhone(ctx, player, request.body.code);
      return { data: { phone: player.phone, is_verified: true, is_required: false } };
    },
  );

  r.put(
    "/player/profile",
    {
      schema: {
        tags,
        summary: "Fills in profile fields (the required-fields form); answers what is still missing",
        description: "A new phone number is unverified until verified again.",
        body: profileFieldsBodySchema,
        response: { 200: profileFieldsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const b = request.body;
      const phoneChanged = b.phone !== undefined && b.phone !== player.phone;
      const [updated] = await ctx.db
        .update(players)
        .set({
          firstName: b.first_name,
          lastName: b.last_name,
          nickname: b.nickname,
          phone: b.phone,
          countryCode: b.country_code,
          ...(phoneChanged ? { phoneVerifiedAt: null } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(players.id, player.id))
        .returning();
      return { data: { auth_fields_missed: authFieldsMissed(ctx, updated ?? player) } };
    },
  );
}
