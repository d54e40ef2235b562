import { act, render } from "@testing-library/react";
import { Profiler } from "react";
import { describe, expect, it, vi } from "vitest";
import { LiveStoreProvider } from "../../live/LiveStoreContext";
import { LiveStore } from "../../live/live-store";
import { OddsFormatProvider } from "../../odds/OddsFormatContext";
import { TicketProvider } from "../ticket/TicketContext";
import { FLASH_MS, OutcomeCell, TREND_MARK_MS } from "./OutcomeCell";

function setup(matches: number) {
  const queue: (() => void)[] = [];
  const store = new LiveStore({ schedule: (fn) => void queue.push(fn) });
  const renders = new Map<string, number>();
  const cells = [];
  for (let m = 0; m < matches; m++) {
    for (const o of ["1", "X", "2"]) {
      const id = `${m}/${o}`;
      cells.push(
        <Profiler key={id} id={id} onRender={() => renders.set(id, (renders.get(id) ?? 0) + 1)}>
          <OutcomeCell
            matchId={String(m)}
            marketId="1"
            outcomeId={o}
            name={o}
            odds={2000}
            active
            marketStatus={1}
            matchStatus={1}
          />
        </Profiler>,
      );
    }
  }
  const view = render(
    <OddsFormatProvider initial="decimal">
      <LiveStoreProvider store={store}>
        <TicketProvider>{cells}</TicketProvider>
      </LiveStoreProvider>
    </OddsFormatProvider>,
  );
  const frame = () =>
    act(() =>
      queue.splice(0).forEach((f) => {
        f();
      }),
    );
  return { store, renders, view, frame };
}

describe("OutcomeCell", () => {
  it("an odds change re-renders that cell only, among 200 matches", () => {
    const { store, renders, view, frame } = setup(200);
    renders.clear();
    act(() =>
      store.applyMarkets("17", [{ id: "1", status: 1, outcomes: [{ id: "X", odds: 3250, active: true }] }]),
    );
    frame();
    expect([...renders.keys()]).toEqual(["17/X"]);
    expect(view.getAllByText("3.25")).toHaveLength(1);
  });

  it("a suspended market locks its cells; an unavailable match locks every cell of it", () => {
    const { store, view, frame } = setup(2);
    act(() => store.applyMarkets("0", [{ id: "1", status: -1, outcomes: [] }]));
    act(() => store.applyMatch("1", { status: 4 }));
    frame();
    const disabled = [...view.container.querySelectorAll("button")].map((b) => b.disabled);
    expect(disabled).toEqual([true, true, true, true, true, true]);
  });

  it("marks the direction of a change for a few seconds", () => {
    vi.useFakeTimers();
    const { store, view, frame } = setup(1);
    act(() =>
      store.applyMarkets("0", [{ id: "1", status: 1, outcomes: [{ id: "1", odds: 2500, active: true }] }]),
    );
    frame();
    act(() =>
      store.applyMarkets("0", [{ id: "1", status: 1, outcomes: [{ id: "2", odds: 1800, active: true }] }]),
    );
    frame();
    const [one, , two] = [...view.container.querySelectorAll("button")];
    expect(one?.dataset.trend).toBe("up");
    expect(two?.dataset.trend).toBe("down");
    act(() => vi.advanceTimersByTime(TREND_MARK_MS - 1));
    expect(two?.dataset.trend).toBe("down");
    act(() => vi.advanceTimersByTime(1));
    expect(one?.dataset.trend).toBeUndefined();
    expect(two?.dataset.trend).toBeUndefined();
    vi.useRealTimers();
  });

  it("highlights a changed price in its direction for a moment, and nothing before a change", () => {
    vi.useFakeTimers();
    const { store, view, frame } = setup(1);
    const [one] = [...view.container.querySelectorAll("button")];
    expect(one?.dataset.flash).toBeUndefined();
    const flashes: (string | undefined)[] = [];
    for (const odds of [2500, 1500]) {
      act(() =>
        store.applyMarkets("0", [{ id: "1", status: 1, outcomes: [{ id: "1", odds, active: true }] }]),
      );
      frame();
      flashes.push(one?.dataset.flash);
      act(() => vi.advanceTimersByTime(FLASH_MS - 1));
      flashes.push(one?.dataset.flash);
    }
    act(() => vi.advanceTimersByTime(1));
    flashes.push(one?.dataset.flash);
    expect(flashes).toEqual(["up", "up", "down", "down", undefined]);
    expect(one?.dataset.trend).toBe("down");
    vi.useRealTimers();
  });
});
