import type { RealtimePublisher } from "@sportsbook/contracts";
import { createFrameEncoder } from "../src/adapters.js";
import type { Descriptions } from "../src/descriptions/descriptions.js";
import type { FeedFrame } from "../src/model.js";
import { createSimulator } from "../src/sim/simulator.js";

export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

/** Records publications so tests can assert what clients would see. */
export function recordingPublisher() {
  const events: { channel: string; data: { type: string } & Record<string, unknown> }[] = [];
  const publisher: RealtimePublisher = {
    async publish(channel, data) {
      events.push({ channel, data: data as { type: string } & Record<string, unknown> });
    },
  };
  return { events, publisher };
}

interface SessionOptions {
  seed: number;
  matches: number;
  minutes: number;
  outages?: boolean;
}

/** A simulated feed session as provider frames. */
export function simulatedFrames(options: SessionOptions): FeedFrame[] {
  return simulatedSession(options).frames;
}

/** A simulated feed session as provider frames, with the simulator's description service. */
export function simulatedSession(options: SessionOptions): {
  frames: FeedFrame[];
  descriptions: Descriptions;
} {
  const sim = createSimulator({
    seed: options.seed,
    matches: options.matches,
    startTime: T0,
    outages: options.outages ?? false,
    maxLeadMs: 20 * 60_000,
  });
  const enc = createFrameEncoder();
  const frames: FeedFrame[] = [];
  for (let t = T0; t <= T0 + options.minutes * 60_000; t += 30_000) {
    for (const m of sim.advanceTo(t)) {
      const f = enc.encode(m.event, m);
      if (f) frames.push(f);
    }
  }
  return { frames, descriptions: sim.descriptions };
}
