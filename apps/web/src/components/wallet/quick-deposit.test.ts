import { describe, expect, it } from "vitest";
import { quickDepositAmount, quickDepositReturn } from "./quick-deposit";

describe("quick deposit", () => {
  it("offers the shortfall rounded up to whole units, at least one", () => {
    expect(quickDepositAmount(400, 2)).toBe(400);
    expect(quickDepositAmount(401, 2)).toBe(500);
    expect(quickDepositAmount(1, 2)).toBe(100);
    expect(quickDepositAmount(0, 2)).toBe(100);
    expect(quickDepositAmount(7, 0)).toBe(7);
  });

  it("reads only its own return, and gives the address back without its marks", () => {
    expect(quickDepositReturn("https://s.example/en/live?quick-deposit=1&payment=42")).toEqual({
      payment: 42,
      cleaned: "/en/live",
    });
    expect(quickDepositReturn("https://s.example/live?x=1&quick-deposit=1&payment=7#top")).toEqual({
      payment: 7,
      cleaned: "/live?x=1#top",
    });
    // the wallet page's own return, and forged ids, are not a quick deposit's
    expect(quickDepositReturn("https://s.example/profile/wallet/deposit?payment=42")).toBeNull();
    expect(quickDepositReturn("https://s.example/live?quick-deposit=1&payment=1e3")).toBeNull();
    expect(quickDepositReturn("https://s.example/live?quick-deposit=1")).toBeNull();
  });
});
