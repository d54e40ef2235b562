import { act, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "../messages/en.json";
import { LiveStoreProvider } from "./LiveStoreContext";
import { LiveStore } from "./live-store";
import { MatchLive } from "./MatchLive";

function setup(status: number) {
  const queue: (() => void)[] = [];
  const store = new LiveStore({ schedule: (fn) => void queue.push(fn) });
  const view = render(
    <NextIntlClientProvider locale="en" messages={en}>
      <LiveStoreProvider store={store}>
        <MatchLive matchId="7" status={status} statistics={{ total_score: { home: 1, away: 0 } }} />
      </LiveStoreProvider>
    </NextIntlClientProvider>,
  );
  const update = (s: number) => {
    act(() => store.applyMatch("7", { status: s }));
    act(() => {
      for (const f of queue.splice(0)) f();
    });
  };
  return { view, update, live: () => view.container.querySelector<HTMLElement>("[data-match-live]") };
}

describe("MatchLive", () => {
  it("a live match that finishes while shown is marked to leave a live list", () => {
    const { update, live } = setup(1);
    expect(live()?.dataset.ended).toBeUndefined();
    update(4);
    expect(live()?.dataset.ended).toBe("true");
    expect(live()?.textContent).toContain(en.match.status.finished);
  });

  it("shows that its prices may be old while a re-read after lost updates fails, and not after", () => {
    const queue: (() => void)[] = [];
    const store = new LiveStore({ schedule: (fn) => void queue.push(fn) });
    const view = render(
      <NextIntlClientProvider locale="en" messages={en}>
        <LiveStoreProvider store={store}>
          <MatchLive matchId="9" status={1} statistics={{}} />
        </LiveStoreProvider>
      </NextIntlClientProvider>,
    );
    const marker = () => view.container.querySelector<HTMLElement>("[data-prices-stale]");
    const flip = (stale: boolean) => {
      act(() => store.setStale("9", stale));
      act(() => {
        for (const f of queue.splice(0)) f();
      });
    };
    expect(marker()).toBeNull();
    flip(true);
    expect(marker()?.textContent).toBe(en["live-prices"].stale);
    flip(false);
    expect(marker()).toBeNull();
  });

  it("a match listed as finished (a results list) stays", () => {
    const { update, live } = setup(4);
    update(4);
    expect(live()?.dataset.ended).toBeUndefined();
  });

  it("at half-time the clock gives way to the word: not 45:00′", () => {
    const view = render(
      <NextIntlClientProvider locale="en" messages={en}>
        <LiveStoreProvider store={new LiveStore({ schedule: () => {} })}>
          <MatchLive
            matchId="8"
            status={1}
            statistics={{ clock: { match_time: "45:00", stopped: true }, phase: "halftime" }}
          />
        </LiveStoreProvider>
      </NextIntlClientProvider>,
    );
    const clock = view.container.querySelector<HTMLElement>(".clock-time");
    expect(clock?.textContent).toBe("Half-time");
    expect(clock?.dataset.phase).toBe("halftime");
    expect(view.container.textContent).not.toContain("45:00");
  });
});
