import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_ODDS, type Odds, oddsFromThousandths } from "./odds.js";
import { formatOdds, type OddsFormat, oddsFormatFromName, parseOdds } from "./odds-format.js";

const o = oddsFromThousandths;
const prices = fc.integer({ min: MIN_ODDS, max: 1_000_000 }).map((n) => n as Odds);

function parsedOdds(text: string, format: OddsFormat): number {
  const r = parseOdds(text, format);
  if (!r.ok) throw new Error(`${format} ${text}: ${r.error.code}`);
  return r.value;
}

describe("odds display formats (SPEC §9)", () => {
  it("decimal shows two decimals, three when needed", () => {
    expect(formatOdds(o(2500), "decimal")).toBe("2.50");
    expect(formatOdds(o(1333), "decimal")).toBe("1.333");
    expect(formatOdds(o(10000), "decimal")).toBe("10.00");
  });

  it("fractional uses the conventional ladder fractions", () => {
    expect(formatOdds(o(3500), "fractional")).toBe("5/2");
    expect(formatOdds(o(2100), "fractional")).toBe("11/10");
    expect(formatOdds(o(1333), "fractional")).toBe("1/3");
    expect(formatOdds(o(1667), "fractional")).toBe("4/6");
    expect(formatOdds(o(3125), "fractional")).toBe("85/40");
    expect(formatOdds(o(2000), "fractional")).toBe("1/1");
    expect(formatOdds(o(1909), "fractional")).toBe("10/11");
  });

  it("fractional off the ladder is the exact reduced fraction, or the nearest ladder step on request", () => {
    expect(formatOdds(o(2450), "fractional")).toBe("29/20");
    expect(formatOdds(o(1910), "fractional")).toBe("91/100");
    expect(formatOdds(o(1910), "fractional", { snapToLadder: true })).toBe("10/11");
    expect(formatOdds(o(2460), "fractional", { snapToLadder: true })).toBe("6/4");
  });

  it("Hong Kong is the profit per unit", () => {
    expect(formatOdds(o(1500), "hongkong")).toBe("0.50");
    expect(formatOdds(o(2750), "hongkong")).toBe("1.75");
  });

  it("American shows + for 2.00 and above and a negative stake-to-win-100 below", () => {
    expect(formatOdds(o(2000), "american")).toBe("+100");
    expect(formatOdds(o(2500), "american")).toBe("+150");
    expect(formatOdds(o(1500), "american")).toBe("-200");
    expect(formatOdds(o(1909), "american")).toBe("-110");
    expect(formatOdds(o(1999), "american")).toBe("-100");
  });

  it("Indonesian and Malaysian mirror each other around 2.00", () => {
    expect(formatOdds(o(2500), "indonesian")).toBe("1.50");
    expect(formatOdds(o(1500), "indonesian")).toBe("-2.00");
    expect(formatOdds(o(1500), "malaysian")).toBe("0.50");
    expect(formatOdds(o(2500), "malaysian")).toBe("-0.67");
    expect(formatOdds(o(2000), "malaysian")).toBe("1.00");
  });

  it("percent is the implied probability", () => {
    expect(formatOdds(o(2000), "percent")).toBe("50.00%");
    expect(formatOdds(o(1500), "percent")).toBe("66.67%");
  });

  it("reads the settings names european and british", () => {
    expect(oddsFormatFromName("european")).toBe("decimal");
    expect(oddsFormatFromName("British")).toBe("fractional");
    expect(oddsFormatFromName("hongkong")).toBe("hongkong");
    expect(oddsFormatFromName("roman")).toBeUndefined();
  });

  it("parses every format back", () => {
    expect(parsedOdds("2.5", "decimal")).toBe(2500);
    expect(parsedOdds("2,50", "decimal")).toBe(2500);
    expect(parsedOdds("5/2", "fractional")).toBe(3500);
    expect(parsedOdds("1/3", "fractional")).toBe(1333);
    expect(parsedOdds("Evens", "fractional")).toBe(2000);
    expect(parsedOdds("0.75", "hongkong")).toBe(1750);
    expect(parsedOdds("+150", "american")).toBe(2500);
    expect(parsedOdds("-110", "american")).toBe(1909);
    expect(parsedOdds("-2.00", "indonesian")).toBe(1500);
    expect(parsedOdds("-0.67", "malaysian")).toBe(2493);
    expect(parsedOdds("50%", "percent")).toBe(2000);
  });

  it("parsers refuse malformed input with typed errors, never NaN", () => {
    const refused = (text: string, format: OddsFormat) => {
      const r = parseOdds(text, format);
      return r.ok ? "accepted" : r.error.code;
    };
    expect(refused("", "decimal")).toBe("empty");
    expect(refused("  ", "american")).toBe("empty");
    expect(refused("abc", "decimal")).toBe("malformed");
    expect(refused("NaN", "decimal")).toBe("malformed");
    expect(refused("-2.5", "decimal")).toBe("negative");
    expect(refused("2.5001", "decimal")).toBe("too_many_decimals");
    expect(refused("1.000", "decimal")).toBe("out_of_range");
    expect(refused("2000000", "decimal")).toBe("out_of_range");
    expect(refused("5/0", "fractional")).toBe("malformed");
    expect(refused("0/1", "fractional")).toBe("out_of_range");
    expect(refused("-5/2", "fractional")).toBe("negative");
    expect(refused("50", "american")).toBe("out_of_range");
    expect(refused("0.5", "indonesian")).toBe("out_of_range");
    expect(refused("1.5", "malaysian")).toBe("out_of_range");
    expect(refused("0", "malaysian")).toBe("out_of_range");
    expect(refused("100%", "percent")).toBe("out_of_range");
  });

  it("decimal, Hong Kong and fractional round-trip every price exactly", () => {
    fc.assert(
      fc.property(
        prices,
        fc.constantFrom<OddsFormat>("decimal", "hongkong", "fractional"),
        (odds, format) => {
          expect(parsedOdds(formatOdds(odds, format), format)).toBe(odds);
        },
      ),
    );
  });

  it("American, Indonesian, Malaysian and percent round-trip within their display precision", () => {
    fc.assert(
      fc.property(
        prices,
        fc.constantFrom<OddsFormat>("american", "indonesian", "malaysian", "percent"),
        (odds, format) => {
          const back = parsedOdds(formatOdds(odds, format), format);
          // One step of the last shown digit moves the price by at most this much.
          const step =
            format === "american"
              ? 10
              : format === "percent"
                ? (odds * odds) / 200_000
                : (odds * odds) / 100_000;
          expect(Math.abs(back - odds)).toBeLessThanOrEqual(Math.max(1, Math.ceil(step)));
          expect(formatOdds(back as Odds, format)).toBe(formatOdds(odds, format));
        },
      ),
    );
  });

  it("ladder fractions and whole American prices survive parse then format", () => {
    for (const text of ["1/10", "2/11", "4/6", "10/11", "11/10", "85/40", "5/2", "100/1"]) {
      expect(formatOdds(parsedOdds(text, "fractional") as Odds, "fractional")).toBe(text);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: -316, max: -101 }),
        (plus, minus) => {
          expect(formatOdds(parsedOdds(`+${plus}`, "american") as Odds, "american")).toBe(`+${plus}`);
          expect(formatOdds(parsedOdds(`${minus}`, "american") as Odds, "american")).toBe(`${minus}`);
        },
      ),
    );
  });
});
