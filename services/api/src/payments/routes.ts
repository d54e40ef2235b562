import {
  accountsResponseSchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  okSchema,
  operatorDepositBodySchema,
  operatorPlayerQuerySchema,
  operatorWithdrawalsQuerySchema,
  operatorWithdrawalsResponseSchema,
  paymentParamsSchema,
  paymentResponseSchema,
  paymentsQuerySchema,
  paymentsResponseSchema,
  paymentWebhookSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  withdrawalBodySchema,
  withdrawalReviewBodySchema,
} from "@sportsbook/contracts";
import { accounts, currencies, ledgerEntries, ledgerTransactions, payments } from "@sportsbook/db";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requirePlayer } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { assertOperator } from "../http/operator-key.js";
import { errorResponses, pagination, typed } from "../http/route-kit.js";
import { playerByEmail } from "../identity/players.js";
import { playerAccounts } from "../wallet/accounts.js";
import { currencyTable, moneyView } from "../wallet/currencies.js";
import { applyDepositCallback, openDeposit } from "./deposits.js";
import { presentPayment } from "./present.js";
import { verifyCallback } from "./signature.js";
import { cancelWithdrawal, requestWithdrawal, reviewWithdrawal } from "./withdrawals.js";

const tags = ["payments"];

async function enabledCurrency(ctx: AppContext, code: string): Promise<{ code: string; subunits: number }> {
  const [row] = await ctx.db
    .select({ code: currencies.code, subunits: currencies.subunits })
    .from(currencies)
    .where(and(eq(currencies.code, code), eq(currencies.enabled, true)));
  if (!row) {
    throw new ApiError("validationFailed", {
      details: [{ field: "body.currency", message: "unknown currency" }],
    });
  }
  return row;
}

/** Opens a deposit at the provider and answers with it and the page the player pays on. */
async function checkout(
  ctx: AppContext,
  log: FastifyBaseLogger,
  playerId: number,
  body: { amount: number; currency: string },
  returnPath: string,
) {
  const currency = await enabledCurrency(ctx, body.currency);
  const { payment, checkoutUrl } = await openDeposit(ctx, log, playerId, {
    amount: body.amount,
    currency: currency.code,
    subunits: currency.subunits,
    returnPath,
  });
  return { data: { payment: presentPayment(payment, await currencyTable(ctx)), checkout_url: checkoutUrl } };
}

/** Deposits through the hosted checkout, withdrawals, the payment list and the ledger history. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.post(
    "/player/deposits/checkout",
    {
      schema: {
        tags,
        summary: "Opens a deposit at the payment provider; the player completes it on `checkout_url`",
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      return checkout(ctx, request.log, player.id, request.body, request.body.return_path);
    },
  );

  r.post(
    "/player/withdrawals",
    {
      schema: {
        tags,
        summary: "Requests a withdrawal; the amount is held from the balance until it is paid or declined",
        body: withdrawalBodySchema,
        response: { 200: paymentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const currency = await enabledCurrency(ctx, request.body.currency);
      const payment = await requestWithdrawal(ctx, player.id, {
        amount: request.body.amount,
        currency: currency.code,
      });
      return { data: presentPayment(payment, await currencyTable(ctx)) };
    },
  );

  r.post(
    "/player/withdrawals/:id/cancel",
    {
      schema: {
        tags,
        summary: "Takes back a withdrawal not yet approved; the held amount returns to the balance",
        params: paymentParamsSchema,
        response: { 200: paymentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const payment = await cancelWithdrawal(ctx, player.id, request.params.id);
      return { data: presentPayment(payment, await currencyTable(ctx)) };
    },
  );

  r.get(
    "/player/payments",
    {
      schema: {
        tags,
        summary: "The player's deposits and withdrawals, newest first",
        querystring: paymentsQuerySchema,
        response: { 200: paymentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const { page, limit, direction } = request.query;
      const where = and(
        eq(payments.playerId, player.id),
        ...(direction ? [eq(payments.direction, direction)] : []),
      );
      const [total] = await ctx.db.select({ n: count() }).from(payments).where(where);
      const rows = await ctx.db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const table = await currencyTable(ctx);
      return {
        data: rows.map((row) => presentPayment(row, table)),
        pagination: pagination(Number(total?.n ?? 0), page, limit),
      };
    },
  );

  r.get(
    "/player/payments/:id",
    {
      schema: {
        tags,
        summary: "One of the player's payments (the deposit page reads it on the player's return)",
        params: paymentParamsSchema,
        response: { 200: paymentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const [row] = await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, request.params.id), eq(payments.playerId, player.id)));
      if (!row) throw new ApiError("notFound");
      return { data: presentPayment(row, await currencyTable(ctx)) };
    },
  );

  r.get(
    "/player/transactions",
    {
      schema: {
        tags,
        summary: "Every change of the player's balances, newest first, each with its cause",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const { page, limit, currency } = request.query;
      const where: SQL | undefined = and(
        eq(accounts.playerId, player.id),
        ...(currency ? [eq(accounts.currency, currency)] : []),
      );
      const [total] = await ctx.db
        .select({ n: count() })
        .from(ledgerEntries)
        .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
        .where(where);
      const rows = await ctx.db
        .select({
          id: ledgerEntries.id,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          currency: accounts.currency,
          kind: ledgerTransactions.kind,
          referenceType: ledgerTransactions.referenceType,
          referenceId: ledgerTransactions.referenceId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        .orderBy(desc(ledgerEntries.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const table = await currencyTable(ctx);
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          amount: moneyView(row.amount, row.currency, table),
          balance_after: moneyView(row.balanceAfter, row.currency, table),
          reference: { type: row.referenceType, id: row.referenceId },
          created_at: row.createdAt.toISOString(),
        })),
        pagination: pagination(Number(total?.n ?? 0), page, limit),
      };
    },
  );

  // The provider's callbacks: the signature covers the raw body, so this scope keeps it unparsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    typed(scope).post(
      "/payments/callbacks/:provider",
      {
        schema: {
          tags,
          summary: "Payment provider callback, signed with HMAC-SHA256 in `Psp-Signature`",
          params: z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,40}$/) }),
          body: z.string().max(64 * 1024),
          response: { 200: okSchema, ...errorResponses },
        },
      },
      async (request) => {
        const provider = ctx.payments.provider;
        if (!provider || provider.name !== request.params.provider) throw new ApiError("notFound");
        const header = request.headers["psp-signature"];
        const check = verifyCallback(
          provider.callbackSecret,
          typeof header === "string" ? header : undefined,
          request.body,
          ctx.now(),
        );
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, "payment callback refused");
          ctx.metrics.paymentCallbacks.inc({ outcome: `refused_${check.reason}` });
          throw new ApiError("paymentSignatureInvalid");
        }
        let json: unknown;
        try {
          json = JSON.parse(request.body);
        } catch {
          throw new ApiError("validationFailed", { details: [{ field: "body", message: "not JSON" }] });
        }
        const event = paymentWebhookSchema.safeParse(json);
        if (!event.success) {
          throw new ApiError("validationFailed", {
            details: event.error.issues.map((i) => ({
              field: `body.${i.path.join(".")}`,
              message: i.message,
            })),
          });
        }
        const result = await applyDepositCallback(ctx, provider.name, event.data);
        ctx.metrics.paymentCallbacks.inc({ outcome: result.applied ? "applied" : result.why });
        return { ok: true as const };
      },
    );
  });

  registerOperatorRoutes(app, ctx);
}

/** The operator's withdrawal review, with `X-Operator-Key`; answers 404 without the right key. */
function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const guard = (request: FastifyRequest) => assertOperator(ctx, request);

  r.get(
    "/operator/withdrawals",
    {
      schema: {
        tags: ["operator"],
        summary: "Withdrawals waiting for review (or in another status)",
        querystring: operatorWithdrawalsQuerySchema,
        response: { 200: operatorWithdrawalsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      guard(request);
      const { page, limit, status } = request.query;
      const where = and(eq(payments.direction, "withdrawal"), eq(payments.status, status));
      const [total] = await ctx.db.select({ n: count() }).from(payments).where(where);
      const rows = await ctx.db
        .select()
        .from(payments)
        .where(where)
        .orderBy(payments.createdAt, payments.id)
        .limit(limit)
        .offset((page - 1) * limit);
      const table = await currencyTable(ctx);
      return {
        data: rows.map((row) => ({ ...presentPayment(row, table), player_id: row.playerId })),
        pagination: pagination(Number(total?.n ?? 0), page, limit),
      };
    },
  );

  r.post(
    "/operator/deposits",
    {
      schema: {
        tags: ["operator"],
        summary: "Opens a deposit for a host platform's player; the player pays on `checkout_url`",
        description:
          "For a platform's own payment page: the player is named by address (404 when unknown here), the deposit counts against the player's deposit limits like any other, and the provider sends the player back to `return_url` with `?payment=ID`.",
        body: operatorDepositBodySchema,
        response: { 200: checkoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      guard(request);
      const player = await playerByEmail(ctx.db, request.body.email);
      if (!player) throw new ApiError("notFound");
      return checkout(ctx, request.log, player.id, request.body, request.body.return_url);
    },
  );

  r.get(
    "/operator/payments/:id",
    {
      schema: {
        tags: ["operator"],
        summary: "One payment, for a platform's return page to tell success, failure and pending apart",
        params: paymentParamsSchema,
        response: { 200: paymentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      guard(request);
      const [row] = await ctx.db.select().from(payments).where(eq(payments.id, request.params.id));
      if (!row) throw new ApiError("notFound");
      return { data: presentPayment(row, await currencyTable(ctx)) };
    },
  );

  r.get(
    "/operator/players/accounts",
    {
      schema: {
        tags: ["operator"],
        summary: "A platform's player's balances per currency (404 when unknown here)",
        querystring: operatorPlayerQuerySchema,
        response: { 200: accountsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      guard(request);
      const player = await playerByEmail(ctx.db, request.query.email);
      if (!player) throw new ApiError("notFound");
      return { data: await playerAccounts(ctx, player) };
    },
  );

  r.post(
    "/operator/withdrawals/:id/review",
    {
      schema: {
        tags: ["operator"],
        summary: "Approves, declines (funds back to the player) or marks paid a withdrawal",
        params: paymentParamsSchema,
        body: withdrawalReviewBodySchema,
        response: { 200: paymentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      guard(request);
      const payment = await reviewWithdrawal(
        ctx,
        request.params.id,
        request.body.action,
        request.body.reason ?? null,
      );
      return { data: presentPayment(payment, await currencyTable(ctx)) };
    },
  );
}
