import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onEngagedIdle } from "./idle";

describe("onEngagedIdle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for the player to engage, then runs once when the browser is idle", () => {
    const fn = vi.fn();
    onEngagedIdle(fn);
    vi.advanceTimersByTime(60_000);
    expect(fn).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("pointermove"));
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("runs nothing once cancelled, before or after the player engaged", () => {
    const before = vi.fn();
    onEngagedIdle(before)();
    window.dispatchEvent(new Event("touchstart"));
    const after = vi.fn();
    const cancel = onEngagedIdle(after);
    window.dispatchEvent(new Event("pointerdown"));
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
