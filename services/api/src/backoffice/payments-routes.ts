import {
  idParamsSchema,
  paymentLookupQuerySchema,
  staffPaymentAnswerSchema,
  staffPaymentsSchema,
  staffWithdrawalReviewSchema,
  withdrawalQueueQuerySchema,
} from "@sportsbook/contracts";
import type { AppContext } from "../context.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import { lookupPayments, reviewAsStaff, withdrawalQueue } from "./payments.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

/** The payments desk: the withdrawal review queue and the payment look-up. */
export function registerPaymentRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/withdrawals",
    {
      config: { operation: "listWithdrawals" },
      schema: {
        tags,
        security,
        summary: "Withdrawals in one status, oldest first, with the patterns a payments team watches",
        querystring: withdrawalQueueQuerySchema,
        response: { 200: staffPaymentsSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await withdrawalQueue(ctx, request.query.status) }),
  );

  r.post(
    "/withdrawals/:id/review",
    {
      config: { operation: "reviewWithdrawal" },
      schema: {
        tags,
        security,
        summary:
          "Approve a withdrawal (paid out through the provider when it pays out), reject it with a reason (funds back, player notified) or mark it paid",
        params: idParamsSchema,
        body: staffWithdrawalReviewSchema,
        response: { 200: staffPaymentAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await reviewAsStaff(
        ctx,
        auditActorOf(actorOf(request)),
        request.params.id,
        request.body,
        request.log,
      ),
    }),
  );

  r.get(
    "/payments",
    {
      config: { operation: "lookupPayments" },
      schema: {
        tags,
        security,
        summary: "Find deposits and withdrawals by player e-mail or id, payment id or provider reference",
        querystring: paymentLookupQuerySchema,
        response: { 200: staffPaymentsSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await lookupPayments(ctx, request.query.q) }),
  );
}
