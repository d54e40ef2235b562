import { describe, expect, it } from "vitest";
import { fittingTotal } from "./builder-price.js";

const total = (line: string, over: number, under: number) => ({
  row: { specifier: `total=${line}` },
  outcomes: [
    { outcomeId: "12", odds: over },
    { outcomeId: "13", odds: under },
  ],
});

describe("the total line the builder's score model is fitted to", () => {
  it("takes the half line nearest even money", () => {
    const fit = fittingTotal(
      [total("1.5", 1300, 3400), total("2.5", 1900, 1950), total("3.5", 3100, 1350)],
      0,
    );
    expect(fit?.line).toBe(2.5);
    expect(fit?.pOver).toBeCloseTo(1950 / (1900 + 1950), 9);
  });

  it("never fits to a quarter or whole line, however balanced", () => {
    const fit = fittingTotal(
      [
        total("2.25", 1950, 1950),
        total("2", 1940, 1960),
        total("2.75", 1960, 1940),
        total("2.5", 1700, 2200),
      ],
      0,
    );
    expect(fit?.line).toBe(2.5);
    expect(fittingTotal([total("2.25", 1950, 1950)], 0)).toBeUndefined();
  });

  it("leaves out lines the goals scored have already passed, and markets without both sides", () => {
    expect(fittingTotal([total("1.5", 1010, 15000), total("3.5", 2000, 1850)], 2)?.line).toBe(3.5);
    const oneSided = { row: { specifier: "total=2.5" }, outcomes: [{ outcomeId: "12", odds: 1900 }] };
    expect(fittingTotal([oneSided], 0)).toBeUndefined();
  });
});
