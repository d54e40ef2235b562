// Feed ingest: messages per second applied to the database, and the time from a message entering
// the adapter to its first realtime publication (p50/p99), replaying a recorded busy session of
// 300 live matches. Printed next to the raw parse rate of the same messages (XML/JSON parsing
// without validation) as the baseline, measured in the same run.
// PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite (embedded) when neither is set.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RealtimePublisher } from "@sportsbook/contracts";
import { type DatabaseHandle, openDatabase } from "@sportsbook/db";
import { openScratchPostgres } from "@sportsbook/db/testing";
import {
  createFrameEncoder,
  createIngest,
  createRecorder,
  createSimulator,
  decodeFrame,
  type RecordedFrame,
  readRecording,
  replay,
} from "@sportsbook/feed";
import { XMLParser } from "fast-xml-parser";

const MATCHES = Number(process.env.BENCH_FEED_MATCHES ?? 300);
const MINUTES = Number(process.env.BENCH_FEED_MINUTES ?? 4);
const T0 = Date.UTC(2026, 10, 22, 12);

async function recordSession(path: string): Promise<number> {
  const sim = createSimulator({
    seed: "bench",
    matches: MATCHES,
    startTime: T0,
    liveShare: 1,
    outages: false,
  });
  const enc = createFrameEncoder();
  const rec = createRecorder(path, { seed: "bench", matches: MATCHES });
  let n = 0;
  for (let t = T0; t <= T0 + MINUTES * 60_000; t += 10_000) {
    for (const m of sim.advanceTo(t)) {
      const f = enc.encode(m.event, m);
      if (!f) continue;
      rec.write(f, m.event.timestamp);
      n++;
    }
  }
  await rec.close();
  return n;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "feed-bench-"));
  const path = join(dir, "busy-session.jsonl");
  const recorded = await recordSession(path);
  const frames = await readRecording(path);
  const bytes = frames.reduce((s, f) => s + f.body.length, 0);
  console.log(
    `recorded session: ${MATCHES} live matches, ${MINUTES} simulated minutes, ${recorded} messages, ${(bytes / 1e6).toFixed(1)} MB`,
  );

  // baseline: raw parse of the same messages, no validation, no mapping
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
  let t = performance.now();
  for (const f of frames) f.provider === "betconstruct" ? JSON.parse(f.body) : xml.parse(f.body);
  const parseRate = frames.length / ((performance.now() - t) / 1000);

  t = performance.now();
  let rejected = 0;
  for (const f of frames) if (!decodeFrame(f).ok) rejected++;
  const decodeRate = frames.length / ((performance.now() - t) / 1000);

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const fmt = (n: number) => Math.round(n).toLocaleString("en");
  console.log(
    `database: ${url ? "postgres" : "pglite (set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL)"}`,
  );
  console.log(`baseline  raw parse (fast-xml-parser / JSON.parse):   ${fmt(parseRate)} msg/s`);
  console.log(
    `          adapter decode (parse + zod + mapping):      ${fmt(decodeRate)} msg/s  (${rejected} rejected)`,
  );
  // one lane is strictly one message after another; lanes apply different matches concurrently
  for (const lanes of url ? [1, 8] : [1]) {
    const r = await ingestRun(frames, url, lanes);
    console.log(
      `ingest    ${lanes} lane${lanes > 1 ? "s" : " "}, applied to ${r.kind}:           ${fmt(r.rate)} msg/s  (${r.applied} applied, ${r.dropped} dropped, ${r.publications} publications, ${r.seconds.toFixed(1)} s)`,
    );
    // the latency of one message is only meaningful when it is not queued behind others
    if (lanes === 1)
      console.log(
        `          adapter entry → first publication:         p50 ${percentile(r.latencies, 50).toFixed(2)} ms, p99 ${percentile(r.latencies, 99).toFixed(2)} ms  (${r.latencies.length} messages)`,
      );
  }
}

async function ingestRun(frames: RecordedFrame[], url: string | undefined, lanes: number) {
  const handle: DatabaseHandle = url
    ? await openScratchPostgres(url, "feed_bench", { poolSize: lanes + 2 })
    : await openDatabase({ dataDir: "memory://" });
  const marks = new Map<number, { start: number; first?: number }>();
  let current: { start: number; first?: number } | undefined;
  let publications = 0;
  const publisher: RealtimePublisher = {
    async publish() {
      publications++;
      if (lanes === 1 && current && current.first === undefined) current.first = performance.now();
    },
  };
  const ingest = createIngest({ db: handle.db, publisher, lanes });
  const t = performance.now();
  const runs: Promise<unknown>[] = [];
  await replay(
    frames,
    async (frame, position) => {
      const mark: { start: number; first?: number } = { start: performance.now() };
      current = mark;
      marks.set(position, mark);
      const run = ingest.handle(frame);
      if (lanes === 1) await run;
      else runs.push(run);
    },
    { speed: Number.POSITIVE_INFINITY },
  );
  await Promise.all(runs);
  await ingest.idle();
  const seconds = (performance.now() - t) / 1000;
  const stats = ingest.stats();
  await handle.close();
  const latencies = [...marks.values()]
    .filter((m) => m.first !== undefined)
    .map((m) => (m.first ?? 0) - m.start)
    .sort((a, b) => a - b);
  return { kind: handle.kind, rate: frames.length / seconds, seconds, latencies, publications, ...stats };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
