import type { CurrencyRates } from "@sportsbook/contracts";
import { currencies } from "@sportsbook/db";
import { RATE_SCALE } from "@sportsbook/domain";
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context.js";

/** The currency every rate is against: one EUR is RATE_SCALE. */
export const BASE_CURRENCY = "EUR";

/** The enabled currencies' rates, as the operator set them in `currencies.rate_micros`. */
export async function currencyRates(ctx: AppContext): Promise<CurrencyRates> {
  const rows = await ctx.db
    .select({ code: currencies.code, rate: currencies.rateMicros })
    .from(currencies)
    .where(and(eq(currencies.enabled, true), isNotNull(currencies.rateMicros), gt(currencies.rateMicros, 0)))
    .orderBy(asc(currencies.code));
  return {
    base: BASE_CURRENCY,
    scale: RATE_SCALE,
    rates: rows.flatMap((r) => (r.rate === null ? [] : [{ code: r.code, rate: r.rate }])),
  };
}
