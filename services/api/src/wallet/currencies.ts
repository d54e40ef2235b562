import { currencies } from "@sportsbook/db";
import type { AppContext } from "../context.js";

export interface CurrencyInfo {
  code: string;
  subunits: number;
  fiat: boolean;
  enabled: boolean;
}

/** How long a read of the currency table serves before the next request reads it again. */
const CURRENCY_TABLE_TTL_MS = 60_000;

const cache = new WeakMap<AppContext, { readAt: number; table: Promise<Map<string, CurrencyInfo>> }>();

/**
 * The currency table, shared by the requests of one API instance for a minute: an operator's change
 * (a currency enabled or disabled) reaches placement within that time without a restart.
 */
export function currencyTable(ctx: AppContext): Promise<Map<string, CurrencyInfo>> {
  const now = ctx.now().getTime();
  const cached = cache.get(ctx);
  if (cached && now - cached.readAt < CURRENCY_TABLE_TTL_MS) return cached.table;
  const table = ctx.db
    .select()
    .from(currencies)
    .then((rows) => new Map(rows.map((r) => [r.code, r])));
  table.catch(() => cache.delete(ctx));
  cache.set(ctx, { readAt: now, table });
  return table;
}

/** Money on the wire: minor units with the currency's decimals. */
export function moneyView(value: number, currency: string, table: Map<string, CurrencyInfo>) {
  return { value, currency, subunits: table.get(currency)?.subunits ?? 2 };
}

/** The largest payout in minor units: the configured amount in major units scaled by the decimals. */
export function maxPayoutMinor(ctx: AppContext, currency: CurrencyInfo): number {
  return ctx.settings.maxPayoutMajor * 10 ** currency.subunits;
}
