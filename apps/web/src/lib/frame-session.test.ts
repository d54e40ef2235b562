import { afterEach, describe, expect, it } from "vitest";
import {
  dropFrameSession,
  frameSessionHeaders,
  frameSessionToken,
  handingOver,
  keepFrameSession,
} from "./frame-session";

afterEach(() => sessionStorage.clear());

describe("the frame's own session", () => {
  it("is kept in session storage and sent as a bearer header until dropped", () => {
    expect(frameSessionHeaders()).toEqual({});
    keepFrameSession("t".repeat(43));
    expect(frameSessionToken()).toBe("t".repeat(43));
    expect(frameSessionHeaders()).toEqual({ authorization: `Bearer ${"t".repeat(43)}` });
    dropFrameSession();
    expect(frameSessionToken()).toBeUndefined();
  });

  it("knows the handover's entry page, with or without a locale", () => {
    for (const path of ["/init-sportsbook", "/de/init-sportsbook", "/pt-BR/init-sportsbook/"])
      expect(handingOver(path)).toBe(true);
    for (const path of ["/", "/live", "/de/live/init-sportsbook", "/init-sportsbook-x"])
      expect(handingOver(path)).toBe(false);
  });
});
