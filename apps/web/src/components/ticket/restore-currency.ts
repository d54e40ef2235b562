import { currencyRatesResponseSchema } from "@sportsbook/contracts/http/settings";
import { type Currency, type ExchangeRate, exchangeRatesInto } from "@sportsbook/domain";
import { apiFetch } from "../../lib/client-api";
import type { SavedSlip, TicketStore } from "./ticket-store";

/** The book's exchange rates into `to` (GET /currencies/rates). */
export async function loadRatesInto(
  to: string,
  locale: string,
  fetcher: typeof apiFetch = apiFetch,
): Promise<ExchangeRate[]> {
  const res = await fetcher("/currencies/rates", { locale });
  if (!res.ok) throw new Error(`GET /currencies/rates answered ${res.status}`);
  return exchangeRatesInto(currencyRatesResponseSchema.parse(await res.json()).data.rates, to);
}

/**
 * SPEC §4 persistence: restores a saved slip in the currency the slip is in now, a bet saved in
 * another one converted at the book's rates. The rates are read only when some bet needs them; when
 * they cannot be read the failure is reported and the slip restored without them (those stakes
 * start again from 0) rather than lost.
 */
export async function restoreInCurrentCurrency(
  store: Pick<TicketStore, "get" | "restoreSaved">,
  saved: SavedSlip,
  currencies: readonly Currency[],
  options: { locale: string; report: (reason: string) => void; fetcher?: typeof apiFetch },
): Promise<void> {
  const target = store.get().config.currency.code;
  let rates: ExchangeRate[] = [];
  if (Array.isArray(saved.bets) && saved.bets.some((b) => b.currency !== target)) {
    try {
      rates = await loadRatesInto(target, options.locale, options.fetcher);
    } catch (e) {
      options.report(`restoring the slip without exchange rates: ${e instanceof Error ? e.message : e}`);
    }
  }
  store.restoreSaved(saved, currencies, rates);
}
