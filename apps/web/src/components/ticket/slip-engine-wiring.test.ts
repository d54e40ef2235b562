import { marketIdFrom } from "@sportsbook/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SlipModal } from "./slip-engine";
import { pick, SETTINGS, setup, signedIn as signIn } from "./slip-engine.harness";

const signedIn = (t: ReturnType<typeof setup>) => signIn(t, () => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the slip engine's page wiring", () => {
  it("a builder bet that starts the slip asks for the custom-bet modal with that bet", async () => {
    const t = setup();
    const store = await signedIn(t);
    const modals: SlipModal[] = [];
    t.engine.onModal((m) => modals.push(m));
    store.addCustom([pick("a"), { ...pick("a"), marketId: marketIdFrom(18), outcomeId: "12" }], 3_500);
    expect(modals).toHaveLength(1);
    expect(modals[0]).toMatchObject({
      modal: "custom-bet-ticket",
      bet: { betType: "custom_bet", customOdds: 3_500 },
    });
  });

  it("settings that cannot be read tell the player and report the cause; the slip starts on a later read", async () => {
    const t = setup();
    const started = t.engine.start();
    t.settings.made[0]?.answer(Promise.reject(new Error("GET /settings answered 500")) as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.reports).toEqual(["GET /settings answered 500"]);
    expect(t.notices).toMatchObject([{ kind: "danger", title: "global-error.default.title" }]);
    await vi.advanceTimersByTimeAsync(1_000);
    t.settings.made[1]?.answer(SETTINGS);
    expect(await started).not.toBeNull();
  });

  it("the slip's matches are watched on the realtime connection once it is up, and released on stop", async () => {
    const t = setup();
    const store = await signedIn(t);
    const watched: string[][] = [];
    let released = 0;
    t.engine.setRealtime((ids) => {
      watched.push([...ids]);
      return () => {
        released += 1;
      };
    });
    expect(watched).toEqual([]);
    store.dispatchPick(pick("b"));
    store.dispatchPick(pick("a"));
    expect(watched).toEqual([["b"], ["a", "b"]]);
    t.engine.stop();
    expect(released).toBe(2);
  });
});
