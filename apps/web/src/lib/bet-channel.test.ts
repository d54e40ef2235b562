import { describe, expect, it } from "vitest";
import { betChannel } from "./bet-channel";

describe("the channel a bet is placed through", () => {
  it("is direct for the top page and embedded in a frame, readable or not", () => {
    const top = {} as Window;
    expect(betChannel({ self: top, top } as Window)).toBe("direct");
    expect(betChannel({ self: {} as Window, top } as Window)).toBe("embedded");
    const crossOrigin = {
      self: {} as Window,
      get top(): Window {
        throw new DOMException("cross-origin", "SecurityError");
      },
    };
    expect(betChannel(crossOrigin as Window)).toBe("embedded");
  });
});
