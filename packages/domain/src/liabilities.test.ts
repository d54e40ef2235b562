import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BonusType } from "./bet.js";
import { bookLiabilities, type LiabilityBet, type LiabilityLeg } from "./liabilities.js";
import { MIN_ODDS, type Odds } from "./odds.js";

const OUTCOMES = ["1", "2", "3"];
/** Open markets: three matches of two markets each (row id = match × 10 + k). */
const OPEN_MARKETS = [11, 12, 21, 22, 31, 32];
/** Markets settled already, on which some legs won or lost before. */
const SETTLED_MARKETS = [901, 902];

const oddsArb = fc.integer({ min: MIN_ODDS, max: 20_000 }).map((n) => n as Odds);

/** Legs on distinct markets, some of them settled already. */
const legsArb = (min: number, max: number) =>
  fc
    .uniqueArray(fc.constantFrom(...OPEN_MARKETS, ...SETTLED_MARKETS), { minLength: min, maxLength: max })
    .filter((ms) => ms.some((m) => OPEN_MARKETS.includes(m)))
    .chain((ms) =>
      fc.tuple(
        ...ms.map((m) =>
          fc.record({ outcome: fc.constantFrom(...OUTCOMES), odds: oddsArb, won: fc.boolean() }).map(
            ({ outcome, odds, won }): LiabilityLeg => ({
              matchId: Math.floor(m / 10),
              marketRowId: m,
              outcomeId: outcome,
              odds,
              ...(SETTLED_MARKETS.includes(m) ? { settlement: { won } } : {}),
            }),
          ),
        ),
      ),
    );

const freebetArb = fc.constantFrom<BonusType | undefined>(
  undefined,
  "freebet",
  "freebet_all_win",
  "freebet_only_win",
  "freebet_no_risk",
);
const stakeArb = fc.integer({ min: 1, max: 1_000_000 });

const singleArb = fc.record({ stake: stakeArb, legs: legsArb(1, 1), bonus: freebetArb });
const comboArb = fc.record({
  stake: stakeArb,
  legs: legsArb(2, 4),
  bonus: fc.oneof(freebetArb, fc.constant<BonusType>("comboboost")),
  boost: fc.integer({ min: 1001, max: 1500 }),
});
const systemArb = legsArb(3, 5).chain((legs) =>
  fc.record({
    stake: stakeArb,
    legs: fc.constant(legs),
    bonus: freebetArb,
    winCount: fc.integer({ min: 2, max: legs.length - 1 }),
  }),
);

/** A random book of singles, combos and systems, ids in order. */
const bookArb = fc
  .array(
    fc.oneof(
      singleArb.map((b) => ({ ...b, betType: "single" as const })),
      comboArb.map((b) => ({ ...b, betType: "combo" as const })),
      systemArb.map((b) => ({ ...b, betType: "system" as const })),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((raw) =>
    raw.map((b, i): LiabilityBet => {
      const base = { id: i + 1, betType: b.betType, stake: b.stake, legs: b.legs };
      const bonus = b.bonus === undefined ? {} : { bonusType: b.bonus };
      if ("winCount" in b)
        return { ...base, ...bonus, systemType: { winCount: b.winCount, totalCount: b.legs.length } };
      if ("boost" in b && b.bonus === "comboboost") return { ...base, ...bonus, bonusOdds: b.boost as Odds };
      return { ...base, ...bonus };
    }),
  );

// The expected side, written out from the rules on its own: every line of a system enumerated,
// each product exact and the sum rounded down once, then the bonus's share of it.

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((first, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [first, ...rest]));
}

/** What the bet credits in the world where `winner` wins `market` and every other open leg wins. */
function expectedPays(bet: LiabilityBet, market: number, winner: string): number {
  const won = bet.legs.map((l) =>
    l.settlement ? l.settlement.won : l.marketRowId !== market || l.outcomeId === winner,
  );
  const stake = BigInt(bet.stake);
  let raw: bigint;
  if (bet.betType === "system") {
    const k = bet.systemType?.winCount ?? 0;
    const lines = combinations(
      bet.legs.map((l, i) => ({ odds: BigInt(l.odds), won: won[i] })),
      k,
    );
    const sum = lines
      .filter((line) => line.every((l) => l.won))
      .reduce((s, line) => s + line.reduce((p, l) => p * l.odds, 1n), 0n);
    raw = (stake * sum) / (BigInt(lines.length) * 1000n ** BigInt(k));
  } else if (won.every(Boolean)) {
    const odds = bet.legs.map((l) => BigInt(l.odds));
    if (bet.bonusOdds) odds.push(BigInt(bet.bonusOdds));
    raw = (stake * odds.reduce((p, o) => p * o, 1n)) / 1000n ** BigInt(odds.length);
  } else {
    raw = 0n;
  }
  const paid = Number(raw);
  switch (bet.bonusType) {
    case "freebet":
    case "freebet_only_win":
      return Math.max(0, paid - bet.stake);
    case "freebet_no_risk":
      return Math.max(paid, bet.stake);
    default:
      return paid;
  }
}

const expectedTaken = (bet: LiabilityBet) =>
  bet.bonusType === "freebet" || bet.bonusType === "freebet_all_win" || bet.bonusType === "freebet_only_win"
    ? 0
    : bet.stake;

describe("the book's liabilities", () => {
  it("each outcome's liability is what every bet on its market pays if it wins, less the stakes taken", () => {
    fc.assert(
      fc.property(bookArb, (book) => {
        const result = bookLiabilities(book, new Map(OPEN_MARKETS.map((m) => [m, OUTCOMES])));
        let outcomesChecked = 0;
        for (const market of OPEN_MARKETS) {
          const onMarket = book.filter((b) => b.legs.some((l) => !l.settlement && l.marketRowId === market));
          const figures = result.flatMap((m) => m.markets).find((m) => m.marketRowId === market);
          if (onMarket.length === 0) {
            expect(figures).toBeUndefined();
            continue;
          }
          for (const outcome of OUTCOMES) {
            const expected = onMarket.reduce(
              (sum, b) => sum + expectedPays(b, market, outcome) - expectedTaken(b),
              0,
            );
            expect(figures?.outcomes.find((o) => o.outcomeId === outcome)?.liability).toBe(expected);
            outcomesChecked++;
          }
        }
        expect(outcomesChecked).toBeGreaterThan(0);
      }),
      { seed: 38_5, numRuns: 300 },
    );
  });

  it("orders matches and markets worst first; a match's worst case is its worst market's", () => {
    fc.assert(
      fc.property(bookArb, (book) => {
        const result = bookLiabilities(book);
        for (const [i, m] of result.entries()) {
          expect(m.worstCase).toBe(Math.max(...m.markets.map((k) => k.worstCase)));
          expect(m.worstCase).toBeLessThanOrEqual(result[i - 1]?.worstCase ?? Number.POSITIVE_INFINITY);
          const worst = m.markets.map((k) => k.worstCase);
          expect(worst).toEqual([...worst].sort((a, b) => b - a));
        }
      }),
      { seed: 38_6, numRuns: 100 },
    );
  });

  it("a freebet's stake is not the book's: a lost freebet costs nothing, a won one its winnings", () => {
    const leg = { matchId: 1, marketRowId: 11, outcomeId: "1", odds: 2500 as Odds };
    const [match] = bookLiabilities(
      [
        { id: 1, betType: "single", stake: 10_00, legs: [leg], bonusType: "freebet" },
        { id: 2, betType: "single", stake: 4_00, legs: [{ ...leg, outcomeId: "2" }] },
      ],
      new Map([[11, ["1", "2", "X"]]]),
    );
    expect(match?.stakes).toBe(4_00);
    expect(match?.markets[0]?.outcomes.map((o) => [o.outcomeId, o.liability])).toEqual([
      ["1", 15_00 - 4_00],
      ["2", 10_00 - 4_00],
      ["X", -4_00],
    ]);
    expect(match?.worstCase).toBe(11_00);
  });

  it("a combo counts its full potential payout on each of its legs' outcomes", () => {
    const book: LiabilityBet[] = [
      {
        id: 7,
        betType: "combo",
        stake: 2_00,
        legs: [
          { matchId: 1, marketRowId: 11, outcomeId: "1", odds: 2000 as Odds },
          { matchId: 2, marketRowId: 21, outcomeId: "2", odds: 3000 as Odds },
        ],
      },
    ];
    const result = bookLiabilities(book);
    expect(result.map((m) => [m.matchId, m.markets[0]?.outcomes[0]?.liability])).toEqual([
      [1, 12_00 - 2_00],
      [2, 12_00 - 2_00],
    ]);
  });
});
