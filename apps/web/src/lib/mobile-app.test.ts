import { describe, expect, it } from "vitest";
import { mobileAppChoice } from "./mobile-app";

describe("mobile-app mode", () => {
  it("is chosen by the URL, remembered, and left by the URL", () => {
    expect(mobileAppChoice("1", undefined)).toEqual({ on: true, remember: "1" });
    expect(mobileAppChoice("true", "0")).toEqual({ on: true, remember: "1" });
    expect(mobileAppChoice(null, "1")).toEqual({ on: true, remember: undefined });
    expect(mobileAppChoice("0", "1")).toEqual({ on: false, remember: "0" });
    expect(mobileAppChoice(null, undefined)).toEqual({ on: false, remember: undefined });
    // anything else in the URL neither selects nor forgets it
    expect(mobileAppChoice("yes please", "1")).toEqual({ on: true, remember: undefined });
    expect(mobileAppChoice("", undefined)).toEqual({ on: false, remember: undefined });
  });
});
