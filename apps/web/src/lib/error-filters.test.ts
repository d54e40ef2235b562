import { describe, expect, it } from "vitest";
import { describeError, isNoise } from "./error-filters";

const at = (name: string, message: string, page = "/live") => ({ name, message, page });

describe("the error reporter's filters (SPEC §8)", () => {
  it.each([
    ["a cancelled request", at("AbortError", "The user aborted a request.")],
    ["a cancelled call", at("Error", "Request canceled")],
    ["the network going away", at("TypeError", "Failed to fetch")],
    ["the network going away (Safari)", at("TypeError", "Load failed")],
    ["a chunk that failed to load", at("ChunkLoadError", "Loading chunk 123 failed.")],
    ["a CSS chunk that failed to load", at("Error", "Loading CSS chunk app-layout failed")],
    ["the not-found page", at("Error", "boom", "/de/404")],
    ["ResizeObserver noise", at("NonError", "ResizeObserver loop completed with undelivered notifications.")],
  ])("drops %s", (_, report) => {
    expect(isNoise(report)).toBe(true);
  });

  it("keeps a real error, a TypeError that is not the network's, and a page whose path only contains 404", () => {
    expect(isNoise(at("Error", "Cannot read properties of undefined (reading 'odds')"))).toBe(false);
    expect(isNoise(at("TypeError", "x is not a function"))).toBe(false);
    expect(isNoise(at("Error", "boom", "/soccer/team-404-fc-1"))).toBe(false);
  });

  it("describes whatever was thrown", () => {
    const e = new RangeError("out of range");
    expect(describeError(e)).toMatchObject({ name: "RangeError", message: "out of range" });
    expect(describeError("plain")).toEqual({ name: "NonError", message: "plain" });
    expect(describeError({ code: 7 })).toEqual({ name: "NonError", message: '{"code":7}' });
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(describeError(loop)).toEqual({ name: "NonError", message: "[object Object]" });
  });
});
