import { describe, expect, it } from "vitest";
import { ALERT_TIMEOUT_MS, createAlertStore } from "./alert-store";

function fakeTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let id = 0;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        timers.set(++id, { at: now + ms, fn });
        return id;
      },
      clear: (h: unknown) => void timers.delete(h as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [k, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(k);
          t.fn();
        }
      }
    },
  };
}

describe("alerts (SPEC §9: auto close after 5000 ms, close on click)", () => {
  it("closes an alert after 5000 ms, not before", () => {
    const clock = fakeTimers();
    const store = createAlertStore(clock.timers);
    store.push({ kind: "danger", title: "x" });
    clock.advance(ALERT_TIMEOUT_MS - 1);
    expect(store.get()).toHaveLength(1);
    clock.advance(1);
    expect(store.get()).toHaveLength(0);
    expect(ALERT_TIMEOUT_MS).toBe(5000);
  });

  it("keeps sticky alerts until removed, and removes on demand (click)", () => {
    const clock = fakeTimers();
    const store = createAlertStore(clock.timers);
    const sticky = store.push({ kind: "danger", title: "offline", sticky: true });
    const normal = store.push({ kind: "info", title: "hi" });
    store.remove(normal);
    clock.advance(60_000);
    expect(store.get().map((a) => a.id)).toEqual([sticky]);
  });
});
