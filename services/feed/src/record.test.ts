import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFrameEncoder } from "./adapters.js";
import { createRecorder, readRecording, replay } from "./record.js";
import { createSimulator } from "./sim/simulator.js";

const T0 = Date.UTC(2026, 10, 22, 12);

async function record(path: string) {
  const sim = createSimulator({ seed: "rec", matches: 6, startTime: T0 });
  const enc = createFrameEncoder();
  const rec = createRecorder(path, { seed: "rec" });
  let n = 0;
  for (const m of sim.advanceTo(T0 + 10 * 60_000)) {
    const f = enc.encode(m.event, m);
    if (f) {
      rec.write(f, m.event.timestamp);
      n++;
    }
  }
  await rec.close();
  return n;
}

describe("record and replay", () => {
  const dir = mkdtempSync(join(tmpdir(), "feed-rec-"));

  it("replays a recorded session frame for frame, as fast as possible", async () => {
    const path = join(dir, "a.jsonl");
    const n = await record(path);
    const frames = await readRecording(path);
    expect(frames).toHaveLength(n);
    const seen: string[] = [];
    await replay(frames, async (f) => void seen.push(f.body), { speed: Number.POSITIVE_INFINITY });
    expect(seen).toEqual(frames.map((f) => f.body));
  });

  it("keeps the recorded pacing divided by the speed", async () => {
    const path = join(dir, "b.jsonl");
    await record(path);
    const frames = await readRecording(path);
    let slept = 0;
    await replay(frames, async () => {}, {
      speed: 10,
      sleep: async (ms) => {
        slept += ms;
      },
    });
    const span = (frames.at(-1)?.t ?? 0) - (frames[0]?.t ?? 0);
    expect(span).toBeGreaterThan(0);
    expect(slept).toBeCloseTo(span / 10, 6);
  });

  it("refuses a file that is not a recording", async () => {
    const path = join(dir, "c.jsonl");
    const rec = createRecorder(path);
    await rec.close();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path, '{"hello":1}\n');
    await expect(readRecording(path)).rejects.toThrow(/not a feed recording/);
  });
});
