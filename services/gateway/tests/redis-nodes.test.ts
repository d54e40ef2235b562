import { randomUUID } from "node:crypto";
import type { PublicationContext, SubscribedContext } from "centrifuge";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Gateway } from "../src/gateway.js";
import { client, dropKeys, next, sign, startGateway, until } from "./helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function twoNodes(): Promise<[Gateway & { wsUrl: string }, Gateway & { wsUrl: string }]> {
  const redisPrefix = `test-${randomUUID()}`;
  cleanup.push(() => dropKeys(redisUrl as string, redisPrefix));
  const a = await startGateway({ redisUrl, redisPrefix });
  cleanup.push(() => a.stop());
  const b = await startGateway({ redisUrl, redisPrefix });
  cleanup.push(() => b.stop());
  return [a, b];
}

describe.skipIf(!redisUrl)("two gateway nodes over Redis", () => {
  it("a publication on one node reaches subscribers on the other, in order", async () => {
    const [a, b] = await twoNodes();
    const c = client(b.wsUrl);
    cleanup.push(() => c.disconnect());
    const sub = c.newSubscription("match:77");
    const seen: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push(ctx.data as number));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    for (let i = 1; i <= 30; i++) await a.publisher.publish("match:77", i);
    await until(() => seen.length === 30);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("a client that loses node A recovers on node B: nothing missed, nothing doubled", async () => {
    const [a, b] = await twoNodes();
    // The first socket goes to A, every later one to B (as a load balancer would after A is gone).
    let opened = 0;
    class Balanced extends WebSocket {
      constructor(_url: string, protocols?: string | string[]) {
        super(opened++ === 0 ? a.wsUrl : b.wsUrl, protocols);
      }
    }
    const c = client(a.wsUrl, {
      websocket: Balanced,
      token: await sign({ sub: "42" }),
      minReconnectDelay: 300,
      maxReconnectDelay: 300,
    });
    cleanup.push(() => c.disconnect());
    const sub = c.newSubscription("$user:42", { getToken: () => sign({ sub: "42", channel: "$user:42" }) });
    const seen: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push((ctx.data as { n: number }).n));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    let n = 0;
    for (; n < 4; n++) await b.publisher.publish("$user:42", { n: n + 1 });
    await until(() => seen.length === 4);
    const resubscribed = next<SubscribedContext>(sub, "subscribed");
    const connecting = next<{ code: number }>(c, "connecting");
    a.disconnectUser("42", { code: 3001, reason: "shutdown" });
    expect((await connecting).code).toBe(3001);
    for (; n < 10; n++) await a.publisher.publish("$user:42", { n: n + 1 });
    const ctx = await resubscribed;
    expect(opened).toBe(2);
    expect(ctx).toMatchObject({ wasRecovering: true, recovered: true });
    for (; n < 12; n++) await a.publisher.publish("$user:42", { n: n + 1 });
    await until(() => seen.length >= 12);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("after losing its Redis subscriber connection a node sends clients back to recover the gap", async () => {
    const redisPrefix = `test-${randomUUID()}`;
    cleanup.push(() => dropKeys(redisUrl as string, redisPrefix));
    const gw = await startGateway({ redisUrl, redisPrefix });
    cleanup.push(() => gw.stop());
    const c = client(gw.wsUrl);
    cleanup.push(() => c.disconnect());
    const sub = c.newSubscription("match:12");
    const seen: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push(ctx.data as number));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    await gw.publisher.publish("match:12", 1);
    await until(() => seen.length === 1);
    const admin = new Redis(redisUrl as string);
    cleanup.push(() => admin.disconnect());
    const list = (await admin.client("LIST")) as string;
    const line = list.split("\n").find((l) => l.includes(`name=${redisPrefix}:sub `));
    const id = /id=(\d+)/.exec(line ?? "")?.[1];
    expect(id).toBeDefined();
    const resubscribing = next<{ code: number }>(sub, "subscribing");
    const recovered = next<SubscribedContext>(sub, "subscribed");
    await admin.client("KILL", "ID", id as string);
    await gw.publisher.publish("match:12", 2);
    await gw.publisher.publish("match:12", 3);
    expect((await resubscribing).code).toBe(2500);
    expect(await recovered).toMatchObject({ wasRecovering: true, recovered: true });
    await gw.publisher.publish("match:12", 4);
    await until(() => seen.length >= 4);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it("shares presence across nodes", async () => {
    const [a, b] = await twoNodes();
    const ca = client(a.wsUrl, { token: await sign({ sub: "5" }) });
    const cb = client(b.wsUrl, { token: await sign({ sub: "5" }) });
    cleanup.push(
      () => ca.disconnect(),
      () => cb.disconnect(),
    );
    const subs = [ca, cb].map((c) => {
      const s = c.newSubscription("$user:5", { getToken: () => sign({ sub: "5", channel: "$user:5" }) });
      s.subscribe();
      c.connect();
      return s;
    });
    await Promise.all(subs.map((s) => next(s, "subscribed")));
    const stats = await subs[0]?.presenceStats();
    expect(stats).toEqual({ numClients: 2, numUsers: 1 });
  });
});
