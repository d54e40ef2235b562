import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { side } from "./lines.js";
import { ladder, priceMarket, settleLine } from "./pricing.js";

describe("line settlement", () => {
  it("settles whole lines as win, refund or loss", () => {
    expect(settleLine(1, -1)).toEqual({ result: 1 });
    expect(settleLine(0, -1)).toEqual({ result: 0, voidFactor: 1 });
    expect(settleLine(-1, -1)).toEqual({ result: 0 });
  });
  it("splits quarter lines into half wins and half losses", () => {
    // home −0.75 winning by one goal: half on −0.5 wins, half on −1 is refunded
    expect(settleLine(1 - 0.75, -0.75)).toEqual({ result: 1, voidFactor: 0.5 });
    // home −0.25 drawing: half on 0 refunded, half on −0.5 lost
    expect(settleLine(-0.25, -0.25)).toEqual({ result: 0, voidFactor: 0.5 });
    // over 2.25 with three goals wins both halves
    expect(settleLine(3 - 2.25, -2.25)).toEqual({ result: 1 });
    // over 2.25 with two goals: half on 2 refunded, half on 2.5 lost
    expect(settleLine(2 - 2.25, -2.25)).toEqual({ result: 0, voidFactor: 0.5 });
  });
  it("makes both sides of any line fair together (implied probabilities sum to 1)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -4, max: 4 }), fc.double({ min: 0.01, max: 1, noNaN: true })), {
          minLength: 1,
          maxLength: 9,
        }),
        fc.integer({ min: -10, max: 10 }),
        (raw, quarters) => {
          const total = raw.reduce((s, [, p]) => s + p, 0);
          const p = new Float64Array(9);
          for (const [diff, w] of raw) p[diff + 4] = (p[diff + 4] ?? 0) + w / total;
          const dist = { min: -4, p };
          const line = quarters / 4;
          const home = side(dist, 1, line);
          const away = side(dist, -1, -line);
          const allRefund = raw.every(([diff]) => Math.abs(diff + line) < 1e-9);
          if (!allRefund && home + away > 0) expect(home + away).toBeCloseTo(1, 9);
        },
      ),
    );
  });
});

describe("pricing", () => {
  it("rounds odds down onto the ladder", () => {
    expect(ladder(1.8567)).toBe(1850);
    expect(ladder(7.77)).toBe(7750);
    expect(ladder(23.45)).toBe(23400);
    expect(ladder(999)).toBe(500_000);
  });
  it("keeps the overround at the margin, within ladder rounding", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 6 }),
        fc.double({ min: 0.02, max: 0.12, noNaN: true }),
        (weights, margin) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const priced = priceMarket(
            1,
            "",
            weights.map((w, i) => ({ id: String(i), q: w / total })),
            margin,
          );
          if (priced.market.status !== 1) return;
          const overround = priced.market.outcomes.reduce((s, o) => s + 1000 / (o.odds ?? 1), 0);
          expect(overround).toBeGreaterThanOrEqual(1 + margin - 1e-9);
          expect(overround).toBeLessThan(1 + margin + 0.03);
          expect(priced.fair.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        },
      ),
    );
  });
  it("switches a near-certain market inactive instead of quoting 1.00", () => {
    const p = priceMarket(
      1,
      "",
      [
        { id: "1", q: 0.99 },
        { id: "2", q: 0.01 },
      ],
      0.05,
    );
    expect(p.market.status).toBe(0);
  });
});
