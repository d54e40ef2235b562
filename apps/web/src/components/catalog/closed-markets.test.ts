import { describe, expect, it } from "vitest";
import { closedMarkets } from "./closed-markets";

describe("a card without main-market odds", () => {
  it("says only the main market is closed while other markets are open, else that all are", () => {
    expect(closedMarkets(3)).toBe("main");
    expect(closedMarkets(0)).toBe("all");
  });
});
