/**
 * What the gateway benchmarks share: a clock every process reads alike, child processes that run
 * the benchmark's own file in a role and talk over IPC, and the statistics the verdicts use.
 */

import { type ChildProcess, fork } from "node:child_process";
import { connect } from "node:net";
import { performance } from "node:perf_hooks";

/** Milliseconds since the epoch with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Progress on stderr, so the results on stdout stay clean. */
export const progress = (text: string) => process.stderr.write(`… ${text}\n`);

export const fmt = (n: number) => Math.round(n).toString().padStart(7);

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** `sorted` ascending. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Every sample of several windows in one sorted array. */
export function pooled(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all.sort();
}

/** A growable record of ages in milliseconds (no allocation per sample). */
export class Samples {
  private data = new Float64Array(1 << 20);
  private n = 0;
  add(v: number): void {
    if (this.n === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.n++] = v;
  }
  get count(): number {
    return this.n;
  }
  reset(): void {
    this.n = 0;
  }
  take(): Float64Array {
    return this.data.slice(0, this.n);
  }
}

export const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

/** The role and plan a child process was started with, or null in the orchestrating process. */
export function childRole<Plan>(): { role: string; plan: Plan } | null {
  const role = process.env.BENCH_ROLE;
  const plan = process.env.BENCH_PLAN;
  return role && plan ? { role, plan: JSON.parse(plan) as Plan } : null;
}

/** Messages to and from the orchestrating process, seen from a child. */
export function parentChannel<ToChild, FromChild>() {
  // A child ends with the benchmark, however it ends.
  process.on("disconnect", () => process.exit(0));
  return {
    send: (m: FromChild) => process.send?.(m),
    on: (f: (m: ToChild) => void) => process.on("message", f),
  };
}

type Message = { kind: string };

/**
 * A child process running `file` (a benchmark, under the loader this process runs under) in
 * `role`, with a queue of the messages it sent. `cpuProfileDir` writes a CPU profile of it;
 * `v8Flags` are passed to its V8.
 */
export function child<ToChild, FromChild extends Message>(
  file: string,
  role: string,
  plan: unknown,
  cpuProfileDir?: string,
  v8Flags: string[] = [],
) {
  const proc: ChildProcess = fork(file, [], {
    execArgv: [
      "--import",
      "tsx",
      ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []),
      ...v8Flags,
    ],
    serialization: "advanced",
    env: { ...process.env, BENCH_ROLE: role, BENCH_PLAN: JSON.stringify(plan) },
  });
  const inbox: (FromChild | { kind: "error"; message: string })[] = [];
  const waiters: ((m: FromChild | { kind: "error"; message: string }) => void)[] = [];
  const deliver = (m: FromChild | { kind: "error"; message: string }) => {
    const w = waiters.shift();
    if (w) w(m);
    else inbox.push(m);
  };
  proc.on("message", (m: FromChild) => deliver(m));
  proc.on("exit", (code) => deliver({ kind: "error", message: `${role} exited with ${code}` }));
  return {
    send: (m: ToChild) => {
      if (proc.connected) proc.send(m as object);
    },
    /** The next message, which must be of `kind` (a timeout or an error ends the benchmark). */
    async next<K extends FromChild["kind"]>(
      kind: K,
      timeoutMs = 60_000,
    ): Promise<Extract<FromChild, { kind: K }>> {
      const m = await Promise.race([
        new Promise<FromChild | { kind: "error"; message: string }>((resolve) => {
          const queued = inbox.shift();
          if (queued) resolve(queued);
          else waiters.push(resolve);
        }),
        new Promise<{ kind: "error"; message: string }>((resolve) =>
          setTimeout(
            () => resolve({ kind: "error", message: `no ${kind} from ${role} within ${timeoutMs} ms` }),
            timeoutMs,
          ).unref(),
        ),
      ]);
      if (m.kind !== kind) throw new Error(`${role}: ${JSON.stringify(m)}`);
      return m as Extract<FromChild, { kind: K }>;
    },
    /** Closing the channel ends the child (see `parentChannel`). */
    close: () => proc.connected && proc.disconnect(),
  };
}

/** CPU time (user + system) of this process in microseconds, and of the kernel alone. */
export function cpuMark(): { user: number; system: number } {
  const cpu = process.cpuUsage();
  return { user: cpu.user, system: cpu.system };
}

/**
 * One Redis command over a short-lived connection, for a benchmark's bookkeeping (reading INFO,
 * deleting its keys) without a client library: the reply as text (status, integer or bulk
 * string); an error reply rejects.
 */
export function redisCommand(url: string, args: string[]): Promise<string> {
  const u = new URL(url);
  const db = u.pathname.slice(1) || "0";
  const encode = (parts: string[]) =>
    `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join("")}`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port || 6379), u.hostname);
    let buffer = "";
    let replies = 0;
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // Replies in order: SELECT's status, then the command's.
      for (;;) {
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const head = buffer.slice(0, end);
        let reply: string;
        let rest: string;
        if (head.startsWith("$")) {
          const len = Number(head.slice(1));
          const body = Buffer.from(buffer.slice(end + 2), "utf8");
          if (len >= 0 && body.length < len + 2) return;
          reply = len < 0 ? "" : body.subarray(0, len).toString("utf8");
          rest = len < 0 ? buffer.slice(end + 2) : body.subarray(len + 2).toString("utf8");
        } else {
          reply = head.slice(1);
          rest = buffer.slice(end + 2);
        }
        buffer = rest;
        if (head.startsWith("-")) {
          socket.end();
          reject(new Error(`redis: ${reply}`));
          return;
        }
        replies += 1;
        if (replies === 2) {
          socket.end();
          resolve(reply);
          return;
        }
      }
    });
    socket.write(encode(["SELECT", db]) + encode(args));
  });
}

/** One match's odds update as the feed publishes it, stamped with the moment it is handed over. */
export function oddsUpdate(matchId: number, seq: number): Record<string, unknown> {
  return {
    type: "markets_changed",
    match_id: matchId,
    provider: "betradar",
    markets: [
      {
        id: 1,
        specifier: "",
        status: "active",
        outcomes: [
          { id: 1, odds: 1500 + (seq % 300), active: true },
          { id: 2, odds: 3400, active: true },
          { id: 3, odds: 5250 - (seq % 200), active: true },
        ],
      },
    ],
    // Stamped as the update is handed to the publisher call: the moment the feed's message is accepted.
    t: now(),
  };
}
