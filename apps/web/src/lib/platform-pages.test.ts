import { describe, expect, it } from "vitest";
import { platformPageUrl } from "./platform-pages";

describe("platform pages", () => {
  it("carry the page to come back to, and the deposit anchor when asked", () => {
    const back = "https://sports.example/en/live?x=1&y=2";
    expect(platformPageUrl("https://casino.example/assets", back)).toBe(
      "https://casino.example/assets?redirect=https%3A%2F%2Fsports.example%2Fen%2Flive%3Fx%3D1%26y%3D2",
    );
    expect(platformPageUrl("https://casino.example/assets?brand=7", back, "deposit")).toBe(
      "https://casino.example/assets?brand=7&redirect=https%3A%2F%2Fsports.example%2Fen%2Flive%3Fx%3D1%26y%3D2#deposit",
    );
  });
});
