import { z } from "zod";
import { text } from "./http/common.js";
import { paymentStatusSchema } from "./http/payments.js";

/**
 * Wire schemas of the back office's payments desk (`/api/backoffice/withdrawals…`,
 * `/api/backoffice/payments`): the withdrawal review queue and the deposit look-up.
 */

/**
 * Patterns a payments team watches, flagged on a withdrawal: money deposited and taken out again
 * without a bet in between (the card-testing and laundering pattern), and the player's last
 * deposits all declined by the provider.
 */
export const PAYMENT_FLAGS = ["withdrawn_without_play", "declines_in_a_row"] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/** How many declined deposits in a row raise `declines_in_a_row`. */
export const DECLINES_IN_A_ROW = 3;

export const staffPaymentSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_email: z.string().nullable(),
  direction: z.enum(["deposit", "withdrawal"]),
  provider: z.string(),
  external_ref: z.string().nullable(),
  currency: z.string(),
  subunits: z.number().int(),
  amount: z.number().int(),
  status: paymentStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  flags: z.array(z.enum(PAYMENT_FLAGS)),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;
export const staffPaymentsSchema = z.object({ data: z.array(staffPaymentSchema) });
export const staffPaymentAnswerSchema = z.object({ data: staffPaymentSchema });

/** `GET /backoffice/withdrawals`: the review queue, oldest first (default: waiting for review). */
export const withdrawalQueueQuerySchema = z.object({
  status: z.enum(["requested", "approved", "paid", "declined", "cancelled"]).default("requested"),
});

/** `GET /backoffice/payments?q=`: a player's e-mail (part of it) or id, a payment id, or the provider's reference. */
export const paymentLookupQuerySchema = z.object({
  q: text().trim().min(1, "type an e-mail, an id or a provider reference").max(254),
});

/**
 * `POST /backoffice/withdrawals/{id}/review`: approve (paid out through the provider when it pays
 * out), reject with a reason (the funds return to the player), or mark paid by hand.
 */
export const staffWithdrawalReviewSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve"), reason: text().trim().max(500).optional() }),
  z.object({
    action: z.literal("reject"),
    reason: text().trim().min(3, "tell the player why in at least three characters").max(500),
  }),
  z.object({ action: z.literal("mark_paid"), reason: text().trim().max(500).optional() }),
]);
