import { describe, expect, it } from "vitest";
import { hostCommand, readFrameMessage, sportsbookOrigin } from "./messages.js";

const frameWindow = { name: "the sportsbook's frame" };
const expected = { origin: "https://sports.example", source: frameWindow };
const balance = {
  source: "sportsbook",
  type: "balance-changed",
  payload: { currency: "EUR", balance: 1234 },
};

describe("readFrameMessage", () => {
  it("reads a message of the protocol from the frame's window and origin", () => {
    expect(
      readFrameMessage({ origin: expected.origin, source: frameWindow, data: balance }, expected),
    ).toEqual({
      ok: true,
      message: balance,
    });
  });

  it("refuses the sportsbook's shape from another origin, even one that only starts alike", () => {
    for (const origin of [
      "https://evil.example",
      "https://sports.example.evil.example",
      "http://sports.example",
    ])
      expect(readFrameMessage({ origin, source: frameWindow, data: balance }, expected)).toEqual({
        ok: false,
        reason: "origin",
      });
  });

  it("refuses the right origin from another window (a second frame of the same site)", () => {
    expect(readFrameMessage({ origin: expected.origin, source: {}, data: balance }, expected)).toEqual({
      ok: false,
      reason: "source",
    });
  });

  it("leaves messages that are not the sportsbook's alone", () => {
    for (const data of [
      null,
      "initialized",
      { type: "initialized", payload: { locale: "en" } },
      { source: "other" },
    ])
      expect(readFrameMessage({ origin: expected.origin, source: frameWindow, data }, expected)).toEqual({
        ok: false,
        reason: "not-for-us",
      });
  });

  it("refuses malformed payloads and unknown types", () => {
    const bad = [
      { ...balance, payload: { currency: "EUR", balance: 12.5 } },
      { ...balance, payload: { currency: "eur", balance: 1 } },
      { source: "sportsbook", type: "page-size-changed", payload: { width: 10, height: -1 } },
      { source: "sportsbook", type: "page-loaded", payload: { path: "//evil.example/" } },
      { source: "sportsbook", type: "session-ended", payload: { reason: "bored" } },
      { source: "sportsbook", type: "steal-cookies", payload: {} },
    ];
    for (const data of bad)
      expect(readFrameMessage({ origin: expected.origin, source: frameWindow, data }, expected)).toEqual({
        ok: false,
        reason: "invalid",
      });
  });
});

describe("sportsbookOrigin", () => {
  it("is the origin of the frame's address, relative ones read against the host page", () => {
    expect(
      sportsbookOrigin("https://sports.example/init-sportsbook?token=x", "https://casino.example/"),
    ).toBe("https://sports.example");
    expect(sportsbookOrigin("/sb/live", "https://casino.example/page")).toBe("https://casino.example");
  });

  it("refuses addresses that are no web page", () => {
    expect(() => sportsbookOrigin("javascript:alert(1)", "https://casino.example/")).toThrow(/http\(s\)/);
    expect(() => sportsbookOrigin("data:text/html,hi", "https://casino.example/")).toThrow(/http\(s\)/);
  });
});

describe("hostCommand", () => {
  it("applies the protocol's defaults", () => {
    expect(hostCommand({ type: "open_bet_slip", payload: {} })).toEqual({
      type: "open_bet_slip",
      payload: { tab: "BET_SLIP" },
    });
  });

  it("throws on a command the frame would refuse, naming the field", () => {
    expect(() => hostCommand({ type: "page_changed", payload: { path: "https://evil.example/" } })).toThrow(
      /page_changed message: payload\.path/,
    );
    expect(() => hostCommand({ type: "apply_bet_code", payload: { code: "abc" } })).toThrow(/payload\.code/);
    expect(() => hostCommand({ type: "change_locale", payload: { locale: "../../etc" } })).toThrow(
      /payload\.locale/,
    );
  });
});
