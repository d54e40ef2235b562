import { describe, expect, it } from "vitest";
import { signPreviewToken, verifyPreviewToken } from "./preview-token.js";

const secret = new TextEncoder().encode("a preview test secret of 32 bytes or more");
const now = new Date("2026-11-28T12:00:00Z");
const inAnHour = now.getTime() / 1000 + 3600;

describe("preview tokens", () => {
  it("show the version they were signed for until they expire", () => {
    const token = signPreviewToken(secret, 7, inAnHour);
    expect(verifyPreviewToken(secret, token, now)).toBe(7);
    expect(verifyPreviewToken(secret, token, new Date(inAnHour * 1000))).toBeUndefined();
  });

  it("refuse another version, another expiry, another secret and garbage", () => {
    const token = signPreviewToken(secret, 7, inAnHour);
    const [, exp, sig] = token.split(".");
    expect(verifyPreviewToken(secret, `8.${exp}.${sig}`, now)).toBeUndefined();
    expect(verifyPreviewToken(secret, `7.${inAnHour + 1}.${sig}`, now)).toBeUndefined();
    const other = new TextEncoder().encode("another secret of thirty-two bytes or more");
    expect(verifyPreviewToken(other, token, now)).toBeUndefined();
    expect(verifyPreviewToken(secret, "7.1.x", now)).toBeUndefined();
    expect(verifyPreviewToken(secret, "", now)).toBeUndefined();
  });
});
