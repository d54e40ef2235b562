import { describe, expect, it } from "vitest";
import { createWireCheck } from "./wire-check";
import { checkWire, type WireAnswer, type WireRequest } from "./wire-schemas";

/** A worker that checks as the real one does, answering only when the test lets it. */
function heldWorker() {
  const asked: WireRequest[] = [];
  const listeners: Record<string, ((e: { data?: unknown; error?: unknown; message?: string }) => void)[]> =
    {};
  let terminated = false;
  const worker = {
    postMessage: (request: WireRequest) => asked.push(request),
    addEventListener: (type: string, fn: (e: { data?: unknown }) => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
    terminate: () => {
      terminated = true;
    },
  };
  return {
    worker: worker as unknown as Worker,
    asked,
    terminated: () => terminated,
    /** Answers every check asked so far, in order. */
    answerAll() {
      for (const { id, kind, data } of asked.splice(0)) {
        const answer: WireAnswer = { id, ...checkWire(kind, data) };
        for (const fn of listeners.message ?? []) fn({ data: answer });
      }
    },
    fail(error: Error) {
      for (const fn of listeners.error ?? []) fn({ error, message: error.message });
    },
  };
}

const priceChange = (odds: number) => ({
  type: "markets_changed",
  match_id: 7,
  markets: [{ id: 1, status: "active", outcomes: [{ id: 1, odds, active: true }] }],
});

describe("the realtime client's checks", () => {
  it("are the worker's, answered in the order asked: a valid event read, an invalid one refused", async () => {
    const held = heldWorker();
    const checks = createWireCheck(() => held.worker);
    const seen: string[] = [];
    const first = checks.check("event", priceChange(1500)).then((r) => seen.push(r.ok ? "ok" : "refused"));
    const second = checks.check("event", priceChange(-1)).then((r) => seen.push(r.ok ? "ok" : "refused"));
    expect(held.asked.map((r) => r.kind)).toEqual(["event", "event"]);
    held.answerAll();
    await Promise.all([first, second]);
    expect(seen).toEqual(["ok", "refused"]);
    const read = await new Promise((resolve) => {
      void checks.check("connectionToken", { data: { token: "t" } }).then(resolve);
      held.answerAll();
    });
    expect(read).toEqual({ ok: true, value: { data: { token: "t" } } });
  });

  it("run in the page when the worker fails, those it had not answered included, and say so", async () => {
    const held = heldWorker();
    const reports: string[] = [];
    const checks = createWireCheck(
      () => held.worker,
      (during) => reports.push(during),
    );
    const waiting = checks.check("event", priceChange(1500));
    held.fail(new Error("script failed to load"));
    expect(held.terminated()).toBe(true);
    expect(reports).toEqual(["running the realtime checks' worker"]);
    expect((await waiting).ok).toBe(true);
    expect((await checks.check("event", { type: "nonsense" })).ok).toBe(false);
    expect(held.asked).toHaveLength(1);
  });

  it("run in the page where no worker can start", async () => {
    const reports: string[] = [];
    const checks = createWireCheck(
      () => {
        throw new Error("workers are blocked");
      },
      (during) => reports.push(during),
    );
    expect(reports).toEqual(["starting the realtime checks' worker"]);
    expect(await checks.check("channelTokens", { channels: [{ channel: "$user:1", token: "x" }] })).toEqual({
      ok: true,
      value: { channels: [{ channel: "$user:1", token: "x" }] },
    });
  });

  it("once closed refuse what was waiting and what is asked later, and end the worker", async () => {
    const held = heldWorker();
    const checks = createWireCheck(() => held.worker);
    const waiting = checks.check("event", priceChange(1500));
    checks.close();
    expect(held.terminated()).toBe(true);
    expect((await waiting).ok).toBe(false);
    expect((await checks.check("event", priceChange(1500))).ok).toBe(false);
    expect(held.asked).toHaveLength(1);
  });
});
