import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cashoutValue } from "./cashout.js";
import { MIN_ODDS, type Odds, oddsFromThousandths } from "./odds.js";
import { comboReturn } from "./returns.js";

const o = oddsFromThousandths;

describe("cashout value", () => {
  it("of a single is stake × accepted / current odds less the margin", () => {
    expect(
      cashoutValue({
        betType: "single",
        stake: 1000,
        legs: [{ acceptedOdds: o(3000), currentOdds: o(1500) }],
        marginBasisPoints: 0,
      }),
    ).toEqual({
      ok: true,
      amount: 2000,
    });
    expect(
      cashoutValue({
        betType: "single",
        stake: 1000,
        legs: [{ acceptedOdds: o(3000), currentOdds: o(1500) }],
        marginBasisPoints: 500,
      }),
    ).toEqual({ ok: true, amount: 1900 });
  });

  it("of a combo counts won legs at their odds and open legs at accepted / current", () => {
    const quote = cashoutValue({
      betType: "combo",
      stake: 1000,
      legs: [
        { acceptedOdds: o(2000), settlement: { won: true } },
        { acceptedOdds: o(2000), currentOdds: o(1250) },
      ],
      marginBasisPoints: 0,
    });
    expect(quote).toEqual({ ok: true, amount: 3200 });
  });

  it("is refused for a lost bet, a suspended leg, a settled bet, a custom bet or a bad margin", () => {
    const base = { betType: "combo" as const, stake: 1000, marginBasisPoints: 300 };
    expect(
      cashoutValue({
        ...base,
        legs: [
          { acceptedOdds: o(2000), settlement: { won: false } },
          { acceptedOdds: o(2000), currentOdds: o(2000) },
        ],
      }),
    ).toEqual({
      ok: false,
      reason: "bet_lost",
    });
    expect(
      cashoutValue({
        ...base,
        legs: [{ acceptedOdds: o(2000) }, { acceptedOdds: o(2000), currentOdds: o(2000) }],
      }),
    ).toEqual({
      ok: false,
      reason: "leg_unavailable",
    });
    expect(cashoutValue({ ...base, legs: [{ acceptedOdds: o(2000), settlement: { won: true } }] })).toEqual({
      ok: false,
      reason: "bet_settled",
    });
    expect(
      cashoutValue({
        ...base,
        betType: "custom_bet",
        legs: [{ acceptedOdds: o(2000), currentOdds: o(2000) }],
      }),
    ).toEqual({
      ok: false,
      reason: "custom_bet",
    });
    expect(
      cashoutValue({
        ...base,
        marginBasisPoints: 10_000,
        legs: [{ acceptedOdds: o(2000), currentOdds: o(2000) }],
      }),
    ).toEqual({
      ok: false,
      reason: "invalid_margin",
    });
  });

  it("of a system survives lost legs the lines can spare and averages its lines", () => {
    const legs = [
      { acceptedOdds: o(2000), settlement: { won: false } },
      { acceptedOdds: o(2000), currentOdds: o(2000) },
      { acceptedOdds: o(3000), currentOdds: o(1500) },
    ];
    // Lines: lost×open = 0, lost×open = 0, open×open = 1 × 2 = 2 → stake × 2 / 3.
    expect(
      cashoutValue({
        betType: "system",
        stake: 3000,
        legs,
        systemType: { winCount: 2, totalCount: 3 },
        marginBasisPoints: 0,
      }),
    ).toEqual({
      ok: true,
      amount: 2000,
    });
  });

  it("is capped by the max payout", () => {
    expect(
      cashoutValue({
        betType: "single",
        stake: 1000,
        legs: [{ acceptedOdds: o(50_000), currentOdds: o(1010) }],
        marginBasisPoints: 0,
        maxPayout: 5000,
      }),
    ).toEqual({ ok: true, amount: 5000 });
  });

  it("with unchanged odds and no margin equals the stake; it never exceeds the potential return (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: MIN_ODDS, max: 20_000 }).map((n) => n as Odds),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 1, max: 10 ** 8 }),
        fc.integer({ min: 0, max: 2000 }),
        (odds, stake, margin) => {
          const unchanged = cashoutValue({
            betType: "combo",
            stake,
            legs: odds.map((x) => ({ acceptedOdds: x, currentOdds: x })),
            marginBasisPoints: 0,
          });
          expect(unchanged).toEqual({ ok: true, amount: stake });
          const winning = cashoutValue({
            betType: "combo",
            stake,
            legs: odds.map((x) => ({ acceptedOdds: x, currentOdds: o(MIN_ODDS) })),
            marginBasisPoints: margin,
          });
          expect(winning.ok && winning.amount <= comboReturn(stake, odds)).toBe(true);
        },
      ),
    );
  });
});
