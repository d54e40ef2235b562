import {
  BACKOFFICE_OPERATIONS,
  type BackofficeOperation,
  idParamsSchema,
  invitationAcceptSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  mayCall,
  okSchema,
  type StaffRole,
  staffInvitedSchema,
  staffInviteSchema,
  staffListSchema,
  staffMeSchema,
  staffSignInSchema,
  staffUpdateSchema,
  staffViewSchema,
} from "@sportsbook/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { registerAuditRoutes } from "./audit-routes.js";
import { registerContentRoutes } from "./content-routes.js";
import { registerFeedHealthRoutes } from "./feed-health-routes.js";
import { actorOf, guardBackoffice } from "./guard.js";
import { registerLiabilitiesRoutes } from "./liabilities-routes.js";
import { registerPaymentRoutes } from "./payments-routes.js";
import { registerPlayerRoutes } from "./players-routes.js";
import { registerPromotionRoutes } from "./promotions-routes.js";
import { registerReportRoutes } from "./reports-routes.js";
import { registerRiskRoutes } from "./risk-routes.js";
import { endStaffSession, type StaffRow, startStaffSession } from "./session.js";
import { registerSettlementRoutes } from "./settlement-routes.js";
import {
  acceptInvitation,
  authenticateStaff,
  invitationView,
  inviteStaff,
  listStaff,
  staffView,
  updateStaff,
} from "./staff.js";
import { registerTickerRoutes } from "./ticker-routes.js";
import { registerTradingLimitRoutes } from "./trading-limits-routes.js";
import { registerTradingRoutes } from "./trading-routes.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

function meAnswer(member: StaffRow, csrfToken: string) {
  const role = member.role as StaffRole;
  const operations = (Object.keys(BACKOFFICE_OPERATIONS) as BackofficeOperation[]).filter((op) =>
    mayCall(role, op),
  );
  return { data: { staff: staffView(member), csrf_token: csrfToken, operations } };
}

/** The operator's back office under `/backoffice`: staff sign-in, staff, audit log and trading. */
export function registerBackofficeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(
    async (scope) => {
      guardBackoffice(scope, ctx);
      const r = typed(scope);

      r.post(
        "/session",
        {
          config: { public: true },
          schema: {
            tags,
            summary: "Sign a staff member in with e-mail, password and TOTP code",
            body: staffSignInSchema,
            response: { 200: staffMeSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          const member = await authenticateStaff(ctx, request.body, request.ip);
          const { csrfToken } = await startStaffSession(ctx, request, reply, member.id);
          return meAnswer(member, csrfToken);
        },
      );

      r.delete(
        "/session",
        {
          config: { operation: "signOut" },
          schema: { tags, security, summary: "Sign out", response: { 200: okSchema, ...errorResponses } },
        },
        async (request, reply) => {
          await endStaffSession(ctx, actorOf(request), reply);
          return { ok: true as const };
        },
      );

      r.get(
        "/me",
        {
          config: { operation: "me" },
          schema: {
            tags,
            security,
            summary: "The signed-in staff member, the CSRF token and the operations open to them",
            response: { 200: staffMeSchema, ...errorResponses },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          return meAnswer(actor.staff, actor.csrfToken);
        },
      );

      r.get(
        "/invitations/:token",
        {
          config: { public: true },
          schema: {
            tags,
            summary: "An invitation: who is invited and the TOTP secret to enrol",
            params: invitationTokenParamsSchema,
            response: { 200: invitationViewSchema, ...errorResponses },
          },
        },
        async (request) => ({ data: await invitationView(ctx, request.params.token) }),
      );

      r.post(
        "/invitations/accept",
        {
          config: { public: true },
          schema: {
            tags,
            summary: "Accept an invitation with a password and a first TOTP code",
            body: invitationAcceptSchema,
            response: { 200: staffMeSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          const member = await acceptInvitation(ctx, request.body, request.ip);
          const { csrfToken } = await startStaffSession(ctx, request, reply, member.id);
          return meAnswer(member, csrfToken);
        },
      );

      r.get(
        "/staff",
        {
          config: { operation: "listStaff" },
          schema: {
            tags,
            security,
            summary: "Every staff member",
            response: { 200: staffListSchema, ...errorResponses },
          },
        },
        async () => ({ data: (await listStaff(ctx)).map(staffView) }),
      );

      r.post(
        "/staff",
        {
          config: { operation: "inviteStaff" },
          schema: {
            tags,
            security,
            summary: "Invite a staff member by e-mail with a role",
            body: staffInviteSchema,
            response: { 200: staffInvitedSchema, ...errorResponses },
          },
        },
        async (request) => {
          const { member, link } = await inviteStaff(ctx, auditActorOf(actorOf(request)), request.body);
          return { data: { staff: staffView(member), invitation_url: link } };
        },
      );

      r.patch(
        "/staff/:id",
        {
          config: { operation: "updateStaff" },
          schema: {
            tags,
            security,
            summary:
              "Change a staff member's role, disable them (ending their sessions) or enable and unlock them",
            params: idParamsSchema,
            body: staffUpdateSchema,
            response: { 200: z.object({ data: staffViewSchema }), ...errorResponses },
          },
        },
        async (request) => {
          const member = await updateStaff(
            ctx,
            auditActorOf(actorOf(request)),
            request.params.id,
            request.body,
          );
          return { data: staffView(member) };
        },
      );

      registerAuditRoutes(r, ctx);
      registerTradingRoutes(r, ctx);
      registerSettlementRoutes(r, ctx);
      registerRiskRoutes(r, ctx);
      registerPlayerRoutes(r, ctx);
      registerPaymentRoutes(r, ctx);
      registerLiabilitiesRoutes(r, ctx);
      registerFeedHealthRoutes(r, ctx);
      registerTradingLimitRoutes(r, ctx);
      registerReportRoutes(r, ctx);
      registerTickerRoutes(r, ctx);
      registerPromotionRoutes(r, ctx);
      registerContentRoutes(r, ctx);
    },
    { prefix: "/backoffice" },
  );
}
