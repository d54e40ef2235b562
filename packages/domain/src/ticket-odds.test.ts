import { describe, expect, it } from "vitest";
import { oddsFromThousandths } from "./odds.js";
import { selection } from "./test-support.js";
import { isOddsChangeAccepted, repriceSelection } from "./ticket-odds.js";

const o = oddsFromThousandths;

describe("odds-change policy (SPEC §4 odds refresh)", () => {
  it("§4 none flags any change, higher flags only drops, any auto-accepts", () => {
    expect(isOddsChangeAccepted("none", o(2000), o(2000))).toBe(true);
    expect(isOddsChangeAccepted("none", o(2000), o(2100))).toBe(false);
    expect(isOddsChangeAccepted("higher", o(2000), o(2100))).toBe(true);
    expect(isOddsChangeAccepted("higher", o(2000), o(1900))).toBe(false);
    expect(isOddsChangeAccepted("any", o(2000), o(1500))).toBe(true);
  });

  it("a price moving back to the accepted one clears the flag", () => {
    const moved = repriceSelection(selection("a"), o(1800), "none");
    expect(moved.isChanged).toBe(true);
    expect(repriceSelection(moved, o(2000), "none")).toMatchObject({ odds: 2000, isChanged: false });
  });
});
