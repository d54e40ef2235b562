import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divFloor, divRound, formatRatio, gcd, readDecimal } from "./decimal.js";

describe("decimal", () => {
  it("reads plain decimals exactly with a dot or a comma", () => {
    expect(readDecimal("12.50")).toEqual({ negative: false, units: 1250n, scale: 2 });
    expect(readDecimal(" 3,5 ")).toEqual({ negative: false, units: 35n, scale: 1 });
    expect(readDecimal("-0.01")).toEqual({ negative: true, units: 1n, scale: 2 });
  });

  it("refuses exponents, grouping, blanks, bare dots and NaN", () => {
    for (const text of ["", "1e3", "1,000.5", ".5", "5.", "NaN", "Infinity", "1..2", "--1", "0x10"]) {
      expect(readDecimal(text)).toBeUndefined();
    }
  });

  it("rounds half away from zero and floors towards minus infinity", () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divFloor(-1n, 3n)).toBe(-1n);
    expect(divFloor(7n, 3n)).toBe(2n);
  });

  it("formats ratios with a minimum and maximum of decimals", () => {
    expect(formatRatio(2500n, 1000n, { min: 2, max: 3 })).toBe("2.50");
    expect(formatRatio(1333n, 1000n, { min: 2, max: 3 })).toBe("1.333");
    expect(formatRatio(-200n, 3n, { min: 0, max: 0 })).toBe("-67");
    expect(formatRatio(1n, 3n, { min: 0, max: 4 })).toBe("0.3333");
  });

  it("formatting then reading a ratio of a power of ten is lossless", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        (n, s) => {
          const d = readDecimal(formatRatio(n, 10n ** BigInt(s), { min: 0, max: s }));
          expect(d).toBeDefined();
          const value = (d?.negative ? -1n : 1n) * (d?.units ?? 0n) * 10n ** BigInt(s - (d?.scale ?? 0));
          expect(value).toBe(n);
        },
      ),
    );
    expect(gcd(12n, 18n)).toBe(6n);
  });
});
