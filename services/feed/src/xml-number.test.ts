import { describe, expect, it } from "vitest";
import { plainDecimal, thousandths } from "./xml-number.js";

describe("numbers as providers write them", () => {
  it.each([
    ["1.85", "1.85"],
    ["+1.5", "1.5"],
    [".5", "0.5"],
    ["2.", "2"],
    ["4.03386E-4", "0.000403386"],
    ["1.5e3", "1500"],
    ["-0.75", "-0.75"],
    ["007", "7"],
  ])("%s reads as %s", (text, plain) => {
    expect(plainDecimal(text)).toBe(plain);
  });

  it.each(["", ".", "INF", "-INF", "NaN", "1,5", "1.2.3", "0x10", "1e", "1e1234"])(
    "%j is no number",
    (text) => {
      expect(plainDecimal(text)).toBeUndefined();
    },
  );

  it("prices become exact thousandths, rounded half away from zero at the fourth decimal", () => {
    expect(thousandths("1.85")).toBe(1850);
    expect(thousandths("101.0")).toBe(101_000);
    expect(thousandths("1.0005")).toBe(1001);
    expect(thousandths("1.0004")).toBe(1000);
    expect(thousandths("2.5E0")).toBe(2500);
    // Where a float would give 1.1499999999999999 × 1000.
    expect(thousandths("1.15")).toBe(1150);
    expect(thousandths("abc")).toBeUndefined();
  });
});

describe("thousandths of plain prices", () => {
  it("reads digits with up to three decimals exactly, as the general path does", () => {
    for (const [text, value] of [
      ["1.85", 1850],
      ["2", 2000],
      ["10.5", 10500],
      ["1.001", 1001],
      ["0.5", 500],
      ["123456789.999", 123456789999],
    ] as const)
      expect(thousandths(text)).toBe(value);
  });
});
