import { afterEach, describe, expect, it } from "vitest";
import type { Gateway } from "../src/gateway.js";
import { client, ManualTimers, next, rawClient, startGateway, until } from "./helpers.js";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function gateway(
  options: Parameters<typeof startGateway>[0] = {},
): Promise<Gateway & { wsUrl: string }> {
  const gw = await startGateway(options);
  cleanup.push(() => gw.stop());
  return gw;
}

async function connected(url: string) {
  const raw = await rawClient(url);
  cleanup.push(() => raw.ws.terminate());
  raw.send('{"id":1,"connect":{}}');
  const r = await raw.reply(1);
  expect(r.connect).toMatchObject({ ping: 25, pong: true });
  return raw;
}

/** The gateway still serves an official client after whatever the test threw at it. */
async function stillServes(gw: Gateway & { wsUrl: string }): Promise<void> {
  const c = client(gw.wsUrl);
  cleanup.push(() => c.disconnect());
  const sub = c.newSubscription("public:en");
  sub.subscribe();
  c.connect();
  await next(sub, "subscribed");
}

describe("bad input", () => {
  it("closes with 3501 on a frame that is not JSON", async () => {
    const gw = await gateway();
    const raw = await connected(gw.wsUrl);
    raw.send("{not json");
    expect((await raw.closed).code).toBe(3501);
    await stillServes(gw);
  });

  it("closes with 3501 when the first command is not connect", async () => {
    const gw = await gateway();
    const raw = await rawClient(gw.wsUrl);
    raw.send('{"id":1,"subscribe":{"channel":"public:en"}}');
    expect(await raw.closed).toEqual({ code: 3501, reason: "bad request" });
  });

  it("closes with 3501 on a second connect, which is not counted twice", async () => {
    const gw = await gateway();
    const count = async () => (await gw.metrics.connections.get()).values[0]?.value ?? 0;
    const raw = await connected(gw.wsUrl);
    expect(await count()).toBe(1);
    raw.send('{"id":2,"connect":{}}');
    expect(await raw.closed).toEqual({ code: 3501, reason: "bad request" });
    await until(async () => (await count()) === 0);
    await stillServes(gw);
  });

  it("closes with 3501 on a command with two methods or a negative id", async () => {
    const gw = await gateway();
    for (const bad of [
      '{"id":2,"subscribe":{"channel":"a:b"},"publish":{}}',
      '{"id":-4,"rpc":{}}',
      "[1,2]",
    ]) {
      const raw = await connected(gw.wsUrl);
      raw.send(bad);
      expect((await raw.closed).code).toBe(3501);
    }
  });

  it("answers an unknown method with 104 and bad parameters with 107, and stays connected", async () => {
    const gw = await gateway();
    const raw = await connected(gw.wsUrl);
    raw.send('{"id":2,"teleport":{}}\n{"id":3,"subscribe":{"channel":""}}\n{"id":4,"history":{"channel":7}}');
    expect((await raw.reply(2)).error).toMatchObject({ code: 104 });
    expect((await raw.reply(3)).error).toMatchObject({ code: 107 });
    expect((await raw.reply(4)).error).toMatchObject({ code: 107 });
    raw.send('{"id":5,"subscribe":{"channel":"public:en"}}');
    expect((await raw.reply(5)).subscribe).toMatchObject({ recoverable: true, epoch: expect.any(String) });
  });

  it("replies to a batch in one frame, in order, each reply carrying its result key", async () => {
    const gw = await gateway();
    const raw = await rawClient(gw.wsUrl);
    cleanup.push(() => raw.ws.terminate());
    raw.send(
      '{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":"match:1"}}\n{"id":3,"unsubscribe":{"channel":"match:99"}}',
    );
    await raw.reply(3);
    const objs = raw.frames.flat() as Record<string, unknown>[];
    expect(objs.map((o) => o.id)).toEqual([1, 2, 3]);
    expect(objs[2]).toEqual({ id: 3, unsubscribe: {} });
    expect(raw.frames).toHaveLength(1);
  });

  it("answers a flood with 111 and then disconnects with 3013, serving others meanwhile", async () => {
    const gw = await gateway({ commandRate: { perSecond: 10, burst: 20 } });
    const raw = await connected(gw.wsUrl);
    const cmds = Array.from({ length: 60 }, (_, i) => `{"id":${i + 2},"rpc":{"method":"x"}}`);
    raw.send(cmds.join("\n"));
    const close = await raw.closed;
    expect(close.code).toBe(3013);
    const errors = (raw.frames.flat() as { error?: { code: number } }[]).map((o) => o.error?.code);
    expect(errors).toContain(111);
    await stillServes(gw);
  });

  it("closes a socket that never sends connect with 3502", async () => {
    const timers = new ManualTimers();
    const gw = await gateway({ timers, staleTimeoutMs: 5000 });
    const raw = await rawClient(gw.wsUrl);
    timers.advance(5000);
    expect((await raw.closed).code).toBe(3502);
  });

  it("closes a client that withholds pongs with 3012", async () => {
    const timers = new ManualTimers();
    const gw = await gateway({ timers, pingIntervalMs: 1000, pongTimeoutMs: 500 });
    const raw = await rawClient(gw.wsUrl);
    raw.send('{"id":1,"connect":{}}');
    await raw.reply(1);
    timers.advance(1000);
    timers.advance(500);
    expect((await raw.closed).code).toBe(3012);
    expect(raw.frames.flat()).toContainEqual({});
  });

  it("pings a connection first where its draw falls in the second half of the interval", async () => {
    const timers = new ManualTimers();
    const gw = await gateway({ timers, pingIntervalMs: 1000, random: () => 0.5 });
    const raw = await rawClient(gw.wsUrl);
    cleanup.push(() => raw.ws.terminate());
    raw.send('{"id":1,"connect":{}}');
    await raw.reply(1);
    timers.advance(749);
    // A reply written after the timers ran: a ping due by then would have left before it.
    raw.send('{"id":2,"nope":{}}');
    await raw.reply(2);
    expect(raw.frames.flat()).not.toContainEqual({});
    timers.advance(1);
    await until(() => raw.frames.flat().some((o) => JSON.stringify(o) === "{}"));
  });

  it("drops a client whose outgoing queue grows past its bound (3008)", async () => {
    const gw = await gateway({ maxQueueBytes: 10_000 });
    const raw = await connected(gw.wsUrl);
    raw.send('{"id":2,"subscribe":{"channel":"match:5"}}');
    await raw.reply(2);
    // The socket stops reading, so everything sent to it piles up in the gateway.
    raw.ws.pause();
    const big = "x".repeat(1000);
    for (let i = 0; i < 2000 && (await gw.metrics.droppedSlow.get()).values[0]?.value === 0; i++) {
      await gw.publisher.publish("match:5", { big, i });
    }
    expect((await gw.metrics.droppedSlow.get()).values[0]?.value).toBe(1);
    await stillServes(gw);
  });
});
