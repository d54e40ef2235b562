import { marketsChangedSchema, matchChannel } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import { marketsEvent } from "./publications.js";

describe("marketsEvent", () => {
  it("builds what the contract's schema accepts, unchanged", () => {
    const [p] = marketsEvent(42, "betradar", [
      {
        id: 18,
        specifier: "total=2.5",
        status: "active",
        outcomes: [
          { id: "12", odds: 1850, active: true },
          { id: "13", odds: 1000, active: false },
        ],
      },
      { id: 1, specifier: "", status: "suspended", outcomes: [{ id: "1", odds: 2100, active: true }] },
    ]);
    expect(p?.channel).toBe(matchChannel(42));
    expect(marketsChangedSchema.parse(p?.data)).toEqual(p?.data);
  });

  it("publishes nothing when no market changed", () => {
    expect(marketsEvent(42, "betradar", [])).toEqual([]);
  });
});
