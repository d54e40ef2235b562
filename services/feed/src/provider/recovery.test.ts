import { describe, expect, it } from "vitest";
import { silentLogger } from "../ingest/ingest.js";
import { createRecovery } from "./recovery.js";

const T0 = Date.UTC(2026, 10, 29, 12);

function setup(saved?: number) {
  const asked: { after?: number; requestId: number }[] = [];
  let markDown: () => void = () => {};
  const recovery = createRecovery({
    provider: "betradar",
    rest: {
      initiateRecovery: async (_url, params) => {
        asked.push(params);
      },
      eventRecovery: async () => {},
    },
    producers: [
      {
        id: 1,
        name: "LO",
        apiUrl: "https://api.example/v1/liveodds/",
        active: true,
        recoveryWindowMs: 3_600_000,
      },
    ],
    producerDown: () => new Promise<void>((resolve) => (markDown = resolve)),
    loadAfter: async () => saved,
    saveAfter: () => {},
    now: () => T0,
    timer: { set: () => undefined, clear: () => {} },
    log: silentLogger,
  });
  return { recovery, asked, markDown: () => markDown() };
}

describe("a producer's recovery", () => {
  it("asks for a full recovery at start even when an alive is applied while the producer is marked down", async () => {
    const { recovery, asked, markDown } = setup();
    const started = recovery.start();
    recovery.onSystem({ kind: "alive", producer: 1, timestamp: T0 - 1_000, subscribed: true });
    markDown();
    await started;
    expect(asked).toEqual([{ requestId: 1 }]);
  });

  it("asks for what came after the alive it kept, not one applied once it was going down", async () => {
    const { recovery, asked, markDown } = setup(T0 - 60_000);
    const started = recovery.start();
    recovery.onSystem({ kind: "alive", producer: 1, timestamp: T0 - 1_000, subscribed: true });
    markDown();
    await started;
    expect(asked).toEqual([{ after: T0 - 60_000, requestId: 1 }]);
  });

  it("takes no snapshot end of an earlier request as the end of the next", async () => {
    const { recovery, markDown } = setup();
    const started = recovery.start();
    markDown();
    await started;
    const again = recovery.recover(1, "the connection was lost");
    expect(recovery.snapshotEnds(1, 1)).toBe(false);
    markDown();
    await again;
    expect(recovery.snapshotEnds(1, 2)).toBe(true);
  });
});
