import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";
import type { FeedFrame } from "./model.js";

/**
 * Recording format: JSON lines. The first line describes the session; every other line is one frame
 * with the provider time it was sent at (`t`, epoch ms).
 */
const headerSchema = z
  .object({ format: z.literal("sportsbook-feed-recording"), version: z.literal(1) })
  .loose();
const lineSchema = z.object({
  t: z.number().int(),
  provider: z.enum(["betradar", "oddin", "betconstruct"]),
  routingKey: z.string(),
  body: z.string(),
});

export interface RecordedFrame extends FeedFrame {
  t: number;
}

export interface Recorder {
  write(frame: FeedFrame, t: number): void;
  close(): Promise<void>;
}

export function createRecorder(path: string, info: Record<string, unknown> = {}): Recorder {
  const out: WriteStream = createWriteStream(path, { flags: "w" });
  out.write(`${JSON.stringify({ format: "sportsbook-feed-recording", version: 1, ...info })}\n`);
  return {
    write(frame, t) {
      out.write(
        `${JSON.stringify({ t, provider: frame.provider, routingKey: frame.routingKey, body: frame.body })}\n`,
      );
    },
    close: () => new Promise((resolve) => out.end(resolve)),
  };
}

/** Reads a recording; a line that is not a frame is reported with its line number. */
export async function readRecording(path: string): Promise<RecordedFrame[]> {
  const rl = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  const frames: RecordedFrame[] = [];
  let n = 0;
  for await (const line of rl) {
    n++;
    if (line.trim() === "") continue;
    const json = JSON.parse(line) as unknown;
    if (n === 1) {
      if (!headerSchema.safeParse(json).success) throw new Error(`${path}: not a feed recording`);
      continue;
    }
    const r = lineSchema.safeParse(json);
    if (!r.success) throw new Error(`${path}:${n}: ${r.error.issues[0]?.message ?? "bad frame"}`);
    frames.push(r.data);
  }
  return frames;
}

export interface ReplayOptions {
  /** 1 = the original pace, 10 = ten times faster, Infinity = as fast as the consumer takes them. */
  speed: number;
  sleep?: (ms: number) => Promise<void>;
  /** Stop early (e.g. on shutdown). */
  signal?: AbortSignal;
}

/**
 * Replays recorded frames in their recorded order, spaced by their recorded times divided by
 * `speed`; the same recording always yields the same frames in the same order.
 */
export async function replay(
  frames: RecordedFrame[],
  deliver: (frame: FeedFrame, position: number) => Promise<void>,
  options: ReplayOptions,
): Promise<number> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const first = frames[0]?.t ?? 0;
  let elapsed = 0;
  let n = 0;
  for (const f of frames) {
    if (options.signal?.aborted) break;
    if (Number.isFinite(options.speed)) {
      const due = (f.t - first) / options.speed;
      if (due > elapsed) {
        await sleep(due - elapsed);
        elapsed = due;
      }
    }
    await deliver({ provider: f.provider, routingKey: f.routingKey, body: f.body }, ++n);
  }
  return n;
}
