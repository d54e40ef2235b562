import { describe, expect, it } from "vitest";
import { minorUnits } from "./money.js";
import { major } from "./pages.js";

describe("amounts on the casino's pages", () => {
  it("reads what a player types into minor units, refusing more decimals than the currency has", () => {
    expect(minorUnits("10", 2)).toBe(1000);
    expect(minorUnits(" 10.5 ", 2)).toBe(1050);
    expect(minorUnits("10,05", 2)).toBe(1005);
    expect(minorUnits("7", 0)).toBe(7);
    expect(minorUnits("0.12345678", 8)).toBe(12_345_678);
    for (const bad of ["", "0", "0.00", "1.234", "1e3", "-5", "12345678", "abc", "1.", ".5"])
      expect(minorUnits(bad, 2), bad).toBeNull();
  });

  it("writes minor units back with the currency's decimals", () => {
    expect(major(1234, 2)).toBe("12.34");
    expect(major(5, 2)).toBe("0.05");
    expect(major(0, 2)).toBe("0.00");
    expect(major(-250, 2)).toBe("-2.50");
    expect(major(42, 0)).toBe("42");
    for (const minor of [0, 1, 99, 100, 123_456, 999_999_999])
      expect(minorUnits(major(minor, 2), 2) ?? 0).toBe(minor);
  });
});
