import { currencies } from "@sportsbook/db";
import type { AppContext } from "../context.js";

export interface CurrencyInfo {
  code: string;
  subunits: number;
  fiat: boolean;
  enabled: boolean;
}

const cache = new WeakMap<AppContext, Promise<Map<string, CurrencyInfo>>>();

/** The currency table, read once per API instance (rows change only with a migration or an operator). */
export function currencyTable(ctx: AppContext): Promise<Map<string, CurrencyInfo>> {
  let table = cache.get(ctx);
  if (!table) {
    table = ctx.db
      .select()
      .from(currencies)
      .then((rows) => new Map(rows.map((r) => [r.code, r])));
    table.catch(() => cache.delete(ctx));
    cache.set(ctx, table);
  }
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
