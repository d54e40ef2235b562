import { type Currency, type ExchangeRate, RATE_SCALE, type StoredTicketBet } from "@sportsbook/domain";
import { describe, expect, it } from "vitest";
import { restoreInCurrentCurrency } from "./restore-currency";
import type { SavedSlip } from "./ticket-store";

const EUR: Currency = { code: "EUR", subunits: 2, fiat: true };
const USD: Currency = { code: "USD", subunits: 2, fiat: true };

/** A saved slip of bets in these currencies (only their currency matters here). */
function savedIn(...codes: string[]): SavedSlip {
  return { panel: null, bets: codes.map((currency) => ({ currency }) as StoredTicketBet) };
}

/** A store in `currency` that records the rates it was asked to restore with. */
function storeIn(currency: Currency) {
  const restored: (readonly ExchangeRate[])[] = [];
  return {
    restored,
    get: () => ({ config: { currency } }) as never,
    restoreSaved: (_s: SavedSlip, _c: readonly Currency[], rates: readonly ExchangeRate[] = []) => {
      restored.push(rates);
    },
  };
}

const ratesAnswer = {
  data: {
    base: "EUR",
    scale: RATE_SCALE,
    rates: [
      { code: "EUR", rate: RATE_SCALE },
      { code: "USD", rate: 920_000 },
    ],
  },
};

describe("restoring a saved slip in the current currency", () => {
  it("asks for no rates when every bet is in the slip's currency, nor for an unreadable slip", async () => {
    for (const saved of [savedIn("EUR", "EUR"), { panel: null, bets: "invalid" as const }]) {
      const store = storeIn(EUR);
      const asked: string[] = [];
      await restoreInCurrentCurrency(store, saved, [EUR, USD], {
        locale: "en",
        report: () => {},
        fetcher: async (path) => {
          asked.push(path);
          return Response.json(ratesAnswer);
        },
      });
      expect([asked, store.restored]).toEqual([[], [[]]]);
    }
  });

  it("restores a EUR slip into USD with the rates from EUR into USD", async () => {
    const store = storeIn(USD);
    await restoreInCurrentCurrency(store, savedIn("EUR"), [EUR, USD], {
      locale: "en",
      report: () => {},
      fetcher: async () => Response.json(ratesAnswer),
    });
    expect(store.restored).toHaveLength(1);
    expect(store.restored[0]).toContainEqual({
      from: "EUR",
      to: "USD",
      numerator: BigInt(RATE_SCALE),
      denominator: 920_000n,
    });
  });

  it("reports rates it cannot read and restores the slip without them", async () => {
    for (const answer of [
      new Response("down", { status: 503 }),
      Response.json({ data: { base: "EUR", scale: 1, rates: [{ code: "USD", rate: 0.92 }] } }),
    ]) {
      const store = storeIn(USD);
      const reports: string[] = [];
      await restoreInCurrentCurrency(store, savedIn("EUR"), [EUR, USD], {
        locale: "en",
        report: (r) => reports.push(r),
        fetcher: async () => answer,
      });
      expect(store.restored).toEqual([[]]);
      expect(reports).toHaveLength(1);
    }
  });
});
