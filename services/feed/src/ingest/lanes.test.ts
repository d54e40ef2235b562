import { describe, expect, it } from "vitest";
import type { FeedFrame } from "../model.js";
import { createFrameOrder, laneKey } from "./lanes.js";

// Frames are applied by hand: each `apply` waits until the test releases it, so every interleaving
// the assertions depend on is set up explicitly rather than left to timing.
const frame = (event: string | undefined, n: number): FeedFrame => ({
  provider: "betradar",
  routingKey: event ? `hi.-.live.odds_change.1.sr:match.${event}.-` : "-.-.-.alive.-.-.-.-",
  body: String(n),
});

function harness(lanes: number, unordered?: (f: FeedFrame) => boolean) {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const failures: string[] = [];
  const order = createFrameOrder<{ position: number }, string>({
    lanes,
    ...(unordered ? { unordered } : {}),
    apply: (f) =>
      new Promise((resolve, reject) => {
        started.push(f.body);
        release.set(f.body, () => (f.body === "boom" ? reject(new Error("boom")) : resolve(f.body)));
      }),
    onFailure: (_e, f) => failures.push(f.body),
  });
  const tick = () => new Promise<void>((r) => setImmediate(r));
  const finish = async (body: string) => {
    await tick();
    release.get(body)?.();
    await tick();
  };
  return { order, started, failures, finish, tick };
}

describe("frame order", () => {
  it("names a frame's event from its routing key, or system when it names none", () => {
    expect(laneKey(frame("7", 1))).toBe("sr:match:7");
    expect(laneKey(frame(undefined, 1))).toBe("system");
    expect(laneKey({ provider: "betconstruct", routingKey: "swarm.game.soccer.42", body: "" })).toBe("42");
  });

  it("in one lane applies each frame after the one before it", async () => {
    const h = harness(1);
    const a = h.order.submit(frame("1", 1));
    void h.order.submit(frame("2", 2));
    await h.tick();
    expect(h.started).toEqual(["1"]);
    await h.finish("1");
    await expect(a).resolves.toBe("1");
    expect(h.started).toEqual(["1", "2"]);
    expect(h.order.watermark(5)).toBe(5);
  });

  it("in lanes runs events side by side, keeps each event's order and lets a system frame wait", async () => {
    const h = harness(4);
    const frames = [frame("1", 1), frame("2", 2), frame("1", 3), frame(undefined, 4), frame("2", 5)];
    frames.forEach((f, i) => void h.order.submit(f, { position: i + 1 }));
    await h.tick();
    expect(h.started).toEqual(["1", "2"]);
    expect(h.order.watermark(5)).toBe(0);
    await h.finish("1");
    expect(h.started).toEqual(["1", "2", "3"]);
    await h.finish("3");
    expect(h.started).toEqual(["1", "2", "3"]);
    await h.finish("2");
    expect(h.started).toEqual(["1", "2", "3", "4"]);
    await h.finish("4");
    expect(h.started).toEqual(["1", "2", "3", "4", "5"]);
    expect(h.order.watermark(6)).toBe(4);
    await h.finish("5");
    await h.order.settled();
    expect(h.order.watermark(6)).toBe(5);
  });

  it("in lanes lets an unordered frame pass the events in flight, after the system frames before it", async () => {
    // bodies starting with "h" are heartbeats that change nothing
    const h = harness(4, (f) => f.body.startsWith("h"));
    const heartbeat = (body: string): FeedFrame => ({ ...frame(undefined, 0), body });
    void h.order.submit(frame("1", 1), { position: 1 });
    void h.order.submit(heartbeat("h2"), { position: 2 });
    void h.order.submit(frame("2", 3), { position: 3 });
    await h.tick();
    // neither waits for match 1's frame, as a system frame would
    expect([...h.started].sort()).toEqual(["1", "3", "h2"]);
    expect(h.order.watermark(4)).toBe(0);
    await h.finish("h2");
    await h.finish("3");
    expect(h.order.watermark(4)).toBe(0);

    void h.order.submit(frame(undefined, 4), { position: 4 });
    void h.order.submit(heartbeat("h5"), { position: 5 });
    await h.tick();
    // the system frame waits for match 1; the heartbeat after it waits for the system frame
    expect(h.started).toHaveLength(3);
    await h.finish("1");
    expect(h.started.slice(3)).toEqual(["4"]);
    await h.finish("4");
    expect(h.started.slice(3)).toEqual(["4", "h5"]);
    await h.finish("h5");
    await h.order.settled();
    expect(h.order.watermark(6)).toBe(5);
  });

  it("reports a failed frame once and keeps applying the frames after it", async () => {
    const h = harness(2);
    const failing = h.order.submit({ ...frame("1", 0), body: "boom" }, { position: 1 });
    void h.order.submit(frame("1", 2), { position: 2 });
    await h.finish("boom");
    await expect(failing).rejects.toThrow("boom");
    await h.finish("2");
    await h.order.settled();
    expect(h.failures).toEqual(["boom"]);
    expect(h.started).toEqual(["boom", "2"]);
  });
});
