import { describe, expect, it } from "vitest";
import {
  betIdFrom,
  idText,
  isBetId,
  isMarketId,
  isMatchId,
  isOutcomeId,
  MAX_OUTCOME_ID_LENGTH,
  marketIdFrom,
  marketIdOfText,
  matchIdFrom,
  matchIdOfText,
  outcomeIdFrom,
} from "./ids.js";

describe("ids", () => {
  it("match and bet ids are positive safe integers", () => {
    expect(isMatchId(42)).toBe(true);
    expect(isBetId(1)).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(isMatchId(bad), String(bad)).toBe(false);
      expect(isBetId(bad), String(bad)).toBe(false);
    }
    expect(matchIdFrom(42)).toBe(42);
    expect(() => matchIdFrom(0)).toThrow(RangeError);
    expect(() => betIdFrom(2.5)).toThrow(RangeError);
  });

  it("market ids start at 0 (the provider's market types)", () => {
    expect(isMarketId(0)).toBe(true);
    expect(marketIdFrom(18)).toBe(18);
    expect(isMarketId(-1)).toBe(false);
    expect(() => marketIdFrom(1.5)).toThrow(RangeError);
  });

  it("outcome ids are non-empty text of bounded length", () => {
    expect(outcomeIdFrom("pre:playerprops:1")).toBe("pre:playerprops:1");
    expect(isOutcomeId("")).toBe(false);
    expect(isOutcomeId("x".repeat(MAX_OUTCOME_ID_LENGTH + 1))).toBe(false);
    expect(() => outcomeIdFrom("")).toThrow(RangeError);
  });

  it("reads back the text form of an id, and nothing else", () => {
    expect(matchIdOfText(idText(matchIdFrom(1234)))).toBe(1234);
    expect(marketIdOfText(idText(marketIdFrom(0)))).toBe(0);
    for (const bad of ["", " 1", "1.0", "0x1", "1e3", "-1", "01", "m1"]) {
      expect(() => matchIdOfText(bad), bad).toThrow(RangeError);
    }
    expect(() => matchIdOfText("0")).toThrow(RangeError);
  });
});
