import { type Payment, paymentStatusSchema } from "@sportsbook/contracts";
import type { payments } from "@sportsbook/db";
import { type CurrencyInfo, moneyView } from "../wallet/currencies.js";

export type PaymentRow = typeof payments.$inferSelect;

/** A payment row on the wire. */
export function presentPayment(row: PaymentRow, table: Map<string, CurrencyInfo>): Payment {
  return {
    id: row.id,
    direction: row.direction === "withdrawal" ? "withdrawal" : "deposit",
    provider: row.provider,
    amount: moneyView(row.amount, row.currency, table),
    status: paymentStatusSchema.parse(row.status),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
