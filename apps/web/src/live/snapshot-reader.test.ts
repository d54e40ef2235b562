import { describe, expect, it } from "vitest";
import { LiveStore, outcomeKey } from "./live-store";
import { createSnapshotReader, SNAPSHOT_RETRY } from "./snapshot-reader";
import { createWireCheck } from "./wire-check";

const snapshot = (id: number, odds: number) => ({
  id,
  status: 1,
  main_market: { id: 1, specifier: "", status: 1, outcomes: [{ id: "1", odds, active: true }] },
});

/** A fetch that answers each call from a script: a Response, or a failure thrown. */
function scriptedFetch(answers: (Response | Error)[]) {
  const urls: string[] = [];
  const fetchImpl = (async (url: string) => {
    urls.push(url);
    const next = answers.shift();
    if (!next) throw new Error("no answer scripted");
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fetchImpl, urls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function setup(answers: (Response | Error)[], watched: Set<string> = new Set(["7"])) {
  const store = new LiveStore({ schedule: () => {} });
  const { fetchImpl, urls } = scriptedFetch(answers);
  const reports: { during: string; error: unknown }[] = [];
  const timers: { fn: () => Promise<void>; ms: number; cancelled: boolean }[] = [];
  const reader = createSnapshotReader({
    fetchImpl,
    check: createWireCheck(() => null).check,
    store,
    locale: "en",
    watched: (id) => watched.has(id),
    report: (during, error) => reports.push({ during, error }),
    schedule: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  /** Runs the last retry scheduled, to the end of its read. */
  const fire = async () => {
    const timer = timers.at(-1);
    if (timer && !timer.cancelled) await timer.fn();
  };
  return { store, reader, reports, timers, urls, fire };
}

describe("reading matches again after lost updates", () => {
  it("applies what it reads and leaves the match current", async () => {
    const { store, reader, reports, urls } = setup([json({ data: [snapshot(7, 2500)] })]);
    await reader.read(["7"]);
    expect(urls).toEqual(["/api/matches?id=7&limit=1"]);
    expect(store.outcome(outcomeKey("7", "1", "1"))?.odds).toBe(2500);
    expect(store.isStale("7")).toBe(false);
    expect(reports).toEqual([]);
  });

  it("a failed read is reported, marks the match stale and is tried again until it succeeds", async () => {
    const { store, reader, reports, timers, fire } = setup([
      new Error("connection reset"),
      json({ error: "unavailable" }, 503),
      json({ data: [snapshot(7, 3100)] }),
    ]);
    await reader.read(["7"]);
    expect(store.isStale("7")).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.during).toBe("reading the matches again after lost updates");
    expect(timers.map((t) => t.ms)).toEqual([SNAPSHOT_RETRY.first]);

    await fire();
    expect(store.isStale("7")).toBe(true);
    expect(String(reports[1]?.error)).toContain("503");
    expect(timers.map((t) => t.ms)).toEqual([SNAPSHOT_RETRY.first, SNAPSHOT_RETRY.first * 2]);

    await fire();
    expect(store.isStale("7")).toBe(false);
    expect(store.outcome(outcomeKey("7", "1", "1"))?.odds).toBe(3100);
    expect(reports).toHaveLength(2);
    expect(timers).toHaveLength(2);
  });

  it("an answer it cannot read counts as a failure, not as nothing to apply", async () => {
    const { store, reader, reports } = setup([json({ data: [{ id: "not a match" }] })]);
    await reader.read(["7"]);
    expect(store.isStale("7")).toBe(true);
    expect(reports).toHaveLength(1);
  });

  it("stops trying for a match that left the screen, and stop() cancels what waits", async () => {
    const watched = new Set(["7"]);
    const { reader, timers, urls, fire } = setup([new Error("down")], watched);
    await reader.read(["7"]);
    watched.delete("7");
    await fire();
    expect(urls).toHaveLength(1);

    const second = setup([new Error("down")]);
    await second.reader.read(["7"]);
    second.reader.stop();
    expect(second.timers[0]?.cancelled).toBe(true);
    expect(timers).toHaveLength(1);
  });
});
