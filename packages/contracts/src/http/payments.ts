import { z } from "zod";
import { emailSchema } from "../identity.js";
import { currencyCodeSchema, idSchema, listOf, moneySchema, pageQuery, text } from "./common.js";

/**
 * Where a deposit stands. `pending` until the provider's signed callback says how it ended; only
 * `succeeded` credits the balance.
 */
export const depositStatuses = ["pending", "succeeded", "failed", "cancelled", "expired"] as const;
/**
 * Where a withdrawal stands. `requested` and `approved` hold the funds; `paid` releases them to the
 * provider, `declined` and `cancelled` give them back.
 */
export const withdrawalStatuses = ["requested", "approved", "paid", "declined", "cancelled"] as const;
export const paymentStatusSchema = z.enum([...depositStatuses, ...withdrawalStatuses]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentDirectionSchema = z.enum(["deposit", "withdrawal"]);

/** A deposit or withdrawal as the player sees it. */
export const paymentSchema = z.object({
  id: z.number().int(),
  direction: paymentDirectionSchema,
  provider: text(),
  amount: moneySchema,
  status: paymentStatusSchema,
  /** Why a payment failed or was declined, as the provider or the reviewer said. */
  reason: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** SPEC §4 quick deposit status of a payment: what the deposit modal shows. */
export function quickDepositStatus(status: PaymentStatus): "success" | "pending" | "error" {
  if (status === "succeeded") return "success";
  if (status === "pending") return "pending";
  return "error";
}

const amountSchema = z.number().int().positive().max(1e12);

/**
 * `POST /player/deposits/checkout`: opens a pending deposit at the payment provider and answers the
 * provider's page the player completes it on. `return_path` is where the provider sends the player
 * back (a path of this site).
 */
export const checkoutBodySchema = z.object({
  currency: currencyCodeSchema,
  amount: amountSchema,
  return_path: text()
    .max(300)
    .regex(/^\/(?!\/)[^\s\\]*$/, "a path of this site, e.g. /profile/wallet/deposit")
    .default("/profile/wallet/deposit"),
});
export const checkoutResponseSchema = z.object({
  data: z.object({ payment: paymentSchema, checkout_url: text() }),
});

/**
 * `POST /operator/deposits`: a host platform's payment page opens a deposit for its player, who pays
 * on `checkout_url` and comes back to `return_url` on the platform (with `?payment=ID` added).
 */
export const operatorDepositBodySchema = z.object({
  email: emailSchema,
  currency: currencyCodeSchema,
  amount: amountSchema,
  return_url: text()
    .max(2000)
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), "an http(s) URL"),
});

/** `GET /operator/players/accounts?email=`: a platform's player's balances, for its own pages. */
export const operatorPlayerQuerySchema = z.object({ email: emailSchema });

export const withdrawalBodySchema = z.object({ currency: currencyCodeSchema, amount: amountSchema });
export const paymentResponseSchema = z.object({ data: paymentSchema });
export const paymentParamsSchema = z.object({ id: idSchema });
export const paymentsQuerySchema = z.object({
  ...pageQuery(20, 100),
  direction: paymentDirectionSchema.optional(),
});
export const paymentsResponseSchema = listOf(paymentSchema);

/** One posting on the player's account: what changed the balance, by how much, and why. */
export const transactionSchema = z.object({
  id: z.number().int(),
  /** The cause: deposit, withdrawal, withdrawal_reversal, stake, payout, cashout, refund, bonus. */
  kind: text(),
  amount: moneySchema,
  balance_after: moneySchema,
  reference: z.object({ type: text(), id: text() }),
  created_at: text(),
});
export const transactionsQuerySchema = z.object({
  ...pageQuery(20, 100),
  currency: currencyCodeSchema.optional(),
});
export const transactionsResponseSchema = listOf(transactionSchema);

/**
 * The payment provider's callback, after its signature is verified. `reference` is the payment id
 * this site gave the provider, `id` the provider's event id (each is applied once).
 */
export const paymentWebhookSchema = z.object({
  id: text().min(1).max(200),
  type: z.enum(["payment.succeeded", "payment.failed", "payment.cancelled", "payment.expired"]),
  created: z.number().int().positive(),
  data: z.object({
    reference: text().regex(/^\d{1,15}$/),
    session: text().min(1).max(200),
    amount: amountSchema,
    currency: currencyCodeSchema,
    reason: text().max(500).optional(),
  }),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;

/** Operator review of a withdrawal. */
export const withdrawalReviewBodySchema = z.object({
  action: z.enum(["approve", "decline", "mark_paid"]),
  reason: text().max(500).optional(),
});
export const operatorWithdrawalsQuerySchema = z.object({
  ...pageQuery(50, 500),
  status: z.enum(withdrawalStatuses).default("requested"),
});
export const operatorWithdrawalSchema = paymentSchema.extend({ player_id: z.number().int() });
export const operatorWithdrawalsResponseSchema = listOf(operatorWithdrawalSchema);
