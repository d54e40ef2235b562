import { Centrifuge, type Options } from "centrifuge";
import { Redis } from "ioredis";
import { SignJWT } from "jose";
import WebSocket from "ws";
import type { Timers } from "../src/config.js";
import { createGateway, type Gateway } from "../src/gateway.js";
import type { GatewayOptions } from "../src/index.js";

export const secret = "test-secret-of-sufficient-length";

/** Timers that only move when the test says so. */
export class ManualTimers implements Timers {
  private t: number;
  private seq = 0;
  private tasks = new Map<number, { at: number; fn: () => void }>();
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.tasks.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.tasks.delete(h as number);
  }
  /** Whether no pending task falls due within `ms` from now (a deadline cleared, say). */
  nothingDueWithin(ms: number): boolean {
    for (const task of this.tasks.values()) if (task.at < this.t + ms) return false;
    return true;
  }
  /** Moves time on and runs every task that fell due, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.tasks) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.tasks.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }
}

/** Every WebSocket the client opens, so a test can cut one without the client knowing. */
export function recordingWebSocket(): { ctor: typeof WebSocket; sockets: WebSocket[]; sent: string[] } {
  const sockets: WebSocket[] = [];
  const sent: string[] = [];
  class Recording extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
    }
    override send(data: unknown, ...rest: unknown[]): void {
      sent.push(String(data));
      (super.send as (...a: unknown[]) => void)(data, ...rest);
    }
  }
  return { ctor: Recording as unknown as typeof WebSocket, sockets, sent };
}

export async function startGateway(
  options: Partial<GatewayOptions> = {},
): Promise<Gateway & { wsUrl: string }> {
  const gw = createGateway({
    tokenSecret: secret,
    port: 0,
    host: "127.0.0.1",
    onError: () => {},
    ...options,
  });
  await gw.start();
  const url = gw.url();
  if (!url) throw new Error("gateway has no URL");
  return Object.assign(gw, { wsUrl: `${url.replace("http", "ws")}/connection/websocket` });
}

export function client(url: string, options: Partial<Options> = {}): Centrifuge {
  return new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 200,
    timeout: 3000,
    ...options,
  });
}

export async function sign(claims: Record<string, unknown>, key = secret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(key));
}

/** Resolves with the first event that passes `test`; rejects after `ms`. */
export function next<T>(
  emitter: { on(e: string, f: (x: T) => void): unknown; off(e: string, f: (x: T) => void): unknown },
  event: string,
  test: (x: T) => boolean = () => true,
  ms = 4000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, f);
      reject(new Error(`no ${event} event within ${ms} ms`));
    }, ms);
    const f = (x: T) => {
      if (!test(x)) return;
      clearTimeout(timer);
      emitter.off(event, f);
      resolve(x);
    };
    emitter.on(event, f);
  });
}

/** A raw protocol client for what the official client never sends. */
export async function rawClient(url: string): Promise<{
  ws: WebSocket;
  frames: unknown[][];
  send(text: string): void;
  reply(id: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}> {
  const ws = new WebSocket(url);
  const frames: unknown[][] = [];
  const waiters: { id: number; resolve: (r: Record<string, unknown>) => void }[] = [];
  ws.on("message", (data) => {
    const objs = String(data)
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    frames.push(objs);
    for (const o of objs) {
      for (const w of [...waiters]) {
        if (o.id === w.id) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(o);
        }
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (text) => ws.send(text),
    reply: (id) => {
      const seen = frames.flat().find((o) => (o as { id?: number }).id === id);
      if (seen) return Promise.resolve(seen as Record<string, unknown>);
      return new Promise((resolve) => waiters.push({ id, resolve }));
    },
  };
}

/**
 * Polls a condition the test cannot await directly (e.g. a counter on the server). It waits up to
 * 10 s by default: in the full suite on a loaded two-core machine the server's side of a step can
 * lag by seconds, though it takes milliseconds alone.
 */
export async function until(cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Deletes every Redis key a test wrote under its prefix. */
export async function dropKeys(url: string, prefix: string): Promise<void> {
  const r = new Redis(url);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
}

/** A minimal EventSource over fetch (Node 20 has none): open, data events, error on end. */
export class FetchEventSource {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private readonly abort = new AbortController();
  constructor(url: string) {
    void this.run(url);
  }
  private async run(url: string): Promise<void> {
    try {
      const res = await fetch(url, { headers: { accept: "text/event-stream" }, signal: this.abort.signal });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      this.onopen?.();
      const decoder = new TextDecoder();
      let buf = "";
      const reader = res.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buf += decoder.decode(r.value, { stream: true });
        for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
          const event = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = event
            .split("\n")
            .filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6))
            .join("\n");
          if (data) this.onmessage?.({ data });
        }
      }
      throw new Error("stream ended");
    } catch (e) {
      if (!this.abort.signal.aborted) this.onerror?.(e);
    }
  }
  close(): void {
    this.abort.abort();
  }
}
