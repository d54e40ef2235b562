import { describe, expect, it } from "vitest";
import { hostOrigin, readHostMessage } from "./host-messages";

const allowed = {
  whitelist: ["https://casino.example"],
  hasSessionOrToken: false,
  firstPartyOrigin: "https://sb.example",
};

describe("window messages from the host platform", () => {
  it("accepts a protocol message from an allowed origin", () => {
    expect(
      readHostMessage(
        { origin: "https://casino.example", data: { type: "change_locale", payload: { locale: "de" } } },
        allowed,
      ),
    ).toEqual({ ok: true, message: { type: "change_locale", payload: { locale: "de" } } });
    expect(
      readHostMessage({ origin: "https://casino.example", data: { type: "open_bet_slip" } }, allowed),
    ).toEqual({
      ok: true,
      message: { type: "open_bet_slip", payload: { tab: "BET_SLIP" } },
    });
  });

  it("ignores any origin outside the allow-list, and refuses malformed messages", () => {
    const locale = { type: "change_locale", payload: { locale: "de" } };
    expect(readHostMessage({ origin: "https://evil.example", data: locale }, allowed)).toEqual({
      ok: false,
      reason: "origin",
    });
    for (const data of [
      { type: "change_locale", payload: { locale: "../x" } },
      { type: "page_changed", payload: { path: "//evil.example/x" } },
      { type: "page_changed", payload: { path: "javascript:alert(1)" } },
      { type: "apply_bet_code", payload: { code: "<b>" } },
      { type: "odds_changed", payload: { format: "roman" } },
      { type: "launch_missiles", payload: {} },
    ])
      expect(
        readHostMessage({ origin: "https://casino.example", data }, allowed),
        JSON.stringify(data),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
    expect(readHostMessage({ origin: "https://evil.example", data: "hello" }, allowed).ok).toBe(false);
  });

  it("sends to the framing page only when it is an allowed origin", () => {
    expect(hostOrigin(["https://casino.example"], "", allowed)).toBe("https://casino.example");
    expect(hostOrigin(undefined, "https://sb.example/lobby?x=1", allowed)).toBe("https://sb.example");
    expect(hostOrigin(["https://evil.example"], "", allowed)).toBeUndefined();
    expect(hostOrigin(["https://evil.example"], "", { ...allowed, hasSessionOrToken: true })).toBeUndefined();
    expect(hostOrigin(undefined, "not a url", allowed)).toBeUndefined();
  });
});
