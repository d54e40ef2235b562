import { describe, expect, it } from "vitest";
import { SIGNATURE_TOLERANCE_SECONDS, signCallback, verifyCallback } from "./signature.js";

const secret = "s".repeat(40);
const at = new Date("2026-05-01T12:00:00Z");
const body = '{"id":"evt_1"}';

describe("callback signatures", () => {
  it("accepts its own signature within the tolerance", () => {
    const header = signCallback(secret, body, at);
    expect(verifyCallback(secret, header, body, at)).toEqual({ ok: true });
    const late = new Date(at.getTime() + SIGNATURE_TOLERANCE_SECONDS * 1000);
    expect(verifyCallback(secret, header, body, late)).toEqual({ ok: true });
  });

  it("refuses another secret, a changed body and a missing or garbled header", () => {
    const header = signCallback(secret, body, at);
    expect(verifyCallback("x".repeat(40), header, body, at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifyCallback(secret, header, body.replace("1", "2"), at)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    for (const bad of [undefined, "", "t=1", "v1=abc", `t=x,v1=${"0".repeat(64)}`, "t=1,v1=zz"]) {
      expect(verifyCallback(secret, bad, body, at)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses a replay after the tolerance, and a signature from the future", () => {
    const header = signCallback(secret, body, at);
    const tooLate = new Date(at.getTime() + (SIGNATURE_TOLERANCE_SECONDS + 1) * 1000);
    expect(verifyCallback(secret, header, body, tooLate)).toEqual({ ok: false, reason: "stale" });
    const tooEarly = new Date(at.getTime() - (SIGNATURE_TOLERANCE_SECONDS + 1) * 1000);
    expect(verifyCallback(secret, header, body, tooEarly)).toEqual({ ok: false, reason: "stale" });
  });
});
