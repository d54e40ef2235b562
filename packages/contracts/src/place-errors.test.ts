import { describe, expect, it } from "vitest";
import { errorCatalogue } from "./errors.js";
import { isWrongOddsCode, placeErrorMessage, placeRefusal } from "./place-errors.js";

describe("a refused placement as the slip reads it (SPEC §5, §8)", () => {
  it("§8 the invalid-odds codes name their messages; any other code the default", () => {
    expect(placeErrorMessage("101")).toBe("error.place_bets.invalid_odds");
    expect(placeErrorMessage(101)).toBe("error.place_bets.invalid_odds");
    expect(placeErrorMessage("invalid_odds")).toBe("error.place_bets.invalid_odds");
    expect(placeErrorMessage(120)).toBe("error.place_bets.invalid_odds_custom_bet");
    expect(placeErrorMessage("invalid_odds_custom_bet")).toBe("error.place_bets.invalid_odds_custom_bet");
    expect(placeErrorMessage(errorCatalogue.municipalityNotFound.code)).toBe("error.place_bets.default");
    expect(placeErrorMessage(undefined)).toBe("error.place_bets.default");
  });

  it("§5 the wrong-odds flag follows the invalid-odds code and the reasons SPEC lists", () => {
    expect(isWrongOddsCode("101")).toBe(true);
    expect(isWrongOddsCode(errorCatalogue.invalidOdds.code)).toBe(true);
    expect(isWrongOddsCode("odds_to_low")).toBe(true);
    expect(isWrongOddsCode("odds_different_than_bookmaker")).toBe(true);
    expect(isWrongOddsCode("limit_exceeded")).toBe(false);
    expect(isWrongOddsCode(120)).toBe(false);
    expect(isWrongOddsCode(undefined)).toBe(false);
  });

  it("§5 a reason the API never sends still reads as wrong odds with the default message", () => {
    expect(placeRefusal("odds_to_low")).toEqual({ message: "error.place_bets.default", isWrongOdds: true });
    expect(placeRefusal(101)).toEqual({ message: "error.place_bets.invalid_odds", isWrongOdds: true });
  });
});
