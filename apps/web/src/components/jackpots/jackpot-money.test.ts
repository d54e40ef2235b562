import { describe, expect, it } from "vitest";
import { amountKey, jackpotAmountTexts, jackpotMoney } from "./jackpot-money";

const matchday = {
  currency: "EUR",
  subunits: 2,
  amount: 1_234_56,
  min_stake: 1_00,
  levels: [
    { pool_amount: 800_00, drop_at: 1_000_00 },
    { pool_amount: 434_56, drop_at: 5_000_00 },
  ],
};
const crypto = { ...matchday, currency: "BTC", subunits: 8, amount: 12_345_678, levels: [] };

describe("jackpot amount texts", () => {
  it("hold every amount a banner or card shows, as the page would format it", () => {
    const texts = jackpotAmountTexts([matchday, crypto], "de");
    for (const amount of [1_234_56, 1_00, 800_00, 1_000_00, 434_56, 5_000_00])
      expect(texts[amountKey(amount, matchday)]).toBe(jackpotMoney(amount, matchday, "de"));
    expect(texts[amountKey(1_234_56, matchday)]).toMatch(/^1\.234,56\s€$/);
    expect(texts[amountKey(12_345_678, crypto)]).toBe(jackpotMoney(12_345_678, crypto, "de"));
    expect(Object.keys(texts)).toHaveLength(8);
  });

  it("keep one currency's amount apart from the same number in another", () => {
    expect(amountKey(100, matchday)).not.toBe(amountKey(100, crypto));
  });
});
