import { describe, expect, it } from "vitest";
import { isSearchQueryValid, modalFromHash, parseQueryLists, splitQueryList, trackedTags } from "./query.js";

describe("query and hash (SPEC §2)", () => {
  it("§2 query parameters are split on commas into lists", () => {
    expect(splitQueryList("soccer,tennis")).toEqual(["soccer", "tennis"]);
    expect(splitQueryList(["a,b", "c"])).toEqual(["a", "b", "c"]);
    expect(splitQueryList(" a, ,b ")).toEqual(["a", "b"]);
    expect(splitQueryList(undefined)).toEqual([]);
    expect(parseQueryLists("?sport=soccer,tennis&page=2&sport=golf")).toEqual({
      sport: ["soccer", "tennis", "golf"],
      page: ["2"],
    });
  });

  it("§2 tracked tags ctag, btag, stag, qtag, gclid are kept from the query", () => {
    expect(trackedTags({ ctag: "c1", btag: ["b1", "b2"], stag: "", other: "x", gclid: "g" })).toEqual({
      ctag: "c1",
      btag: "b1",
      gclid: "g",
    });
  });

  it("§2 a modal hash names the modal it opens", () => {
    expect(modalFromHash("#sign-in")).toBe("sign-in");
    expect(modalFromHash("unlock")).toBe("unlock");
    expect(modalFromHash("#betBuilder")).toBeUndefined();
  });

  it("§2 search queries are 3 to 50 characters", () => {
    expect(isSearchQueryValid("ab")).toBe(false);
    expect(isSearchQueryValid(" abc ")).toBe(true);
    expect(isSearchQueryValid("x".repeat(50))).toBe(true);
    expect(isSearchQueryValid("x".repeat(51))).toBe(false);
  });
});
