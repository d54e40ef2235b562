import type { PublicationContext, SubscribedContext } from "centrifuge";
import { afterEach, describe, expect, it } from "vitest";
import type { NamespaceOptions } from "../src/config.js";
import type { Gateway } from "../src/gateway.js";
import { createMemoryBroker } from "../src/memory-broker.js";
import { client, ManualTimers, next, recordingWebSocket, sign, startGateway, until } from "./helpers.js";

const chat: NamespaceOptions = {
  history: { size: 10, ttlMs: 60_000 },
  presence: true,
  joinLeave: true,
  clientPublish: true,
  ownerOnly: false,
};

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function gateway(
  options: Parameters<typeof startGateway>[0] = {},
): Promise<Gateway & { wsUrl: string }> {
  const gw = await startGateway({ namespaces: { chat }, ...options });
  cleanup.push(() => gw.stop());
  return gw;
}

function track<T extends { disconnect(): void }>(c: T): T {
  cleanup.push(() => c.disconnect());
  return c;
}

describe("connecting", () => {
  it("connects anonymously and gets a unique client id", async () => {
    const gw = await gateway();
    const a = track(client(gw.wsUrl));
    const b = track(client(gw.wsUrl));
    const ca = next<{ client: string; transport: string }>(a, "connected");
    const cb = next<{ client: string }>(b, "connected");
    a.connect();
    b.connect();
    const [x, y] = await Promise.all([ca, cb]);
    expect(x.transport).toBe("websocket");
    expect(x.client).toMatch(/.+/);
    expect(x.client).not.toBe(y.client);
  });

  it("refuses a token with a bad signature with 3500 and does not reconnect", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await sign({ sub: "7" }, "another-secret-another-secret") }));
    const d = next<{ code: number }>(c, "disconnected");
    c.connect();
    expect((await d).code).toBe(3500);
    expect(c.state).toBe("disconnected");
  });

  it("answers an expired token with 109; the client fetches a new one and connects", async () => {
    const gw = await gateway();
    const now = Math.floor(Date.now() / 1000);
    let calls = 0;
    const c = track(
      client(gw.wsUrl, {
        token: await sign({ sub: "7", exp: now - 10 }),
        getToken: async () => {
          calls += 1;
          return sign({ sub: "7", exp: now + 3600 });
        },
      }),
    );
    const err = next<{ type: string; error: { code: number } }>(c, "error");
    const connected = next(c, "connected");
    c.connect();
    expect((await err).error.code).toBe(109);
    await connected;
    expect(calls).toBe(1);
  });

  it("refuses visitors when anonymous connections are off", async () => {
    const gw = await gateway({ allowAnonymous: false });
    const c = track(client(gw.wsUrl));
    const d = next<{ code: number }>(c, "disconnected");
    c.connect();
    expect((await d).code).toBe(101);
  });

  it("refreshes a connection token before it expires", async () => {
    const gw = await gateway();
    const rec = recordingWebSocket();
    let calls = 0;
    const c = track(
      client(gw.wsUrl, {
        websocket: rec.ctor,
        getToken: async () => {
          calls += 1;
          const now = Math.floor(Date.now() / 1000);
          return sign({ sub: "7", exp: now + (calls === 1 ? 2 : 3600) });
        },
      }),
    );
    c.connect();
    await next(c, "connected");
    await until(() => rec.sent.some((s) => s.includes('"refresh"')), 5000);
    await until(() => gw.metrics.messagesIn.get().then((m) => m.values[0]?.value === 2));
    expect(calls).toBe(2);
    expect(c.state).toBe("connected");
    expect(rec.sockets).toHaveLength(1);
  });
});

describe("subscriptions and publications", () => {
  it("delivers publications in order to every subscriber", async () => {
    const gw = await gateway();
    const clients = [track(client(gw.wsUrl)), track(client(gw.wsUrl))];
    const received: number[][] = [[], []];
    await Promise.all(
      clients.map(async (c, i) => {
        const sub = c.newSubscription("match:42");
        sub.on("publication", (ctx: PublicationContext) => received[i]?.push((ctx.data as { n: number }).n));
        const subscribed = next<SubscribedContext>(sub, "subscribed");
        sub.subscribe();
        c.connect();
        const ctx = await subscribed;
        expect(ctx.recoverable).toBe(true);
        expect(ctx.streamPosition?.offset).toBe(0);
      }),
    );
    for (let n = 1; n <= 50; n++) await gw.publisher.publish("match:42", { n });
    await until(() => received.every((r) => r.length === 50));
    const expected = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(received).toEqual([expected, expected]);
  });

  it("carries rising offsets on live publications", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl));
    const sub = c.newSubscription("public:en");
    const offsets: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => offsets.push(Number(ctx.offset)));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    for (let n = 0; n < 5; n++) await gw.publisher.publish("public:en", { type: "provider_status_changed" });
    await until(() => offsets.length === 5);
    expect(offsets).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses client publications where only services publish, allows them where configured", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl));
    c.connect();
    await next(c, "connected");
    await expect(c.publish("match:1", { odds: 1 })).rejects.toMatchObject({ code: 103 });
    const sub = c.newSubscription("chat:room");
    const got = next<PublicationContext>(sub, "publication");
    sub.subscribe();
    await next(sub, "subscribed");
    await sub.publish({ text: "hi" });
    const pub = await got;
    expect(pub.data).toEqual({ text: "hi" });
    expect(pub.info?.client).toBe((c as unknown as { _client: string })._client);
  });

  it("answers an unknown channel with 102 and a duplicate subscribe with 105", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl));
    const sub = c.newSubscription("nowhere:1");
    const un = next<{ code: number }>(sub, "unsubscribed");
    sub.subscribe();
    c.connect();
    expect((await un).code).toBe(102);
  });

  it("stops delivering after unsubscribe", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl));
    const sub = c.newSubscription("match:9");
    const got: unknown[] = [];
    sub.on("publication", (ctx: PublicationContext) => got.push(ctx.data));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    await gw.publisher.publish("match:9", 1);
    await until(() => got.length === 1);
    sub.unsubscribe();
    await until(() => gw.metrics.subscriptions.get().then((m) => m.values[0]?.value === 0));
    await gw.publisher.publish("match:9", 2);
    const probe = c.newSubscription("match:10");
    probe.subscribe();
    await next(probe, "subscribed");
    expect(got).toEqual([1]);
  });

  it("reads history: position only, oldest first, newest first, since, wrong epoch", async () => {
    const gw = await gateway();
    for (let n = 1; n <= 15; n++) await gw.publisher.publish("chat:h", n);
    const c = track(client(gw.wsUrl));
    const sub = c.newSubscription("chat:h");
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    const pos = await sub.history({});
    expect(pos.publications).toEqual([]);
    expect(pos.offset).toBe(15);
    const oldest = await sub.history({ limit: 3 });
    expect(oldest.publications.map((p) => p.data)).toEqual([6, 7, 8]);
    const newest = await sub.history({ limit: 3, reverse: true });
    expect(newest.publications.map((p) => p.data)).toEqual([15, 14, 13]);
    const since = await sub.history({ limit: 10, since: { offset: 12, epoch: pos.epoch } });
    expect(since.publications.map((p) => p.data)).toEqual([13, 14, 15]);
    await expect(sub.history({ limit: 1, since: { offset: 12, epoch: "other" } })).rejects.toMatchObject({
      code: 112,
    });
    const off = c.newSubscription("nowhere:x");
    void off;
  });

  it("reports presence and join/leave", async () => {
    const gw = await gateway();
    const a = track(client(gw.wsUrl, { token: await sign({ sub: "1" }) }));
    const b = track(client(gw.wsUrl, { token: await sign({ sub: "2" }) }));
    const subA = a.newSubscription("chat:p", { joinLeave: true });
    subA.subscribe();
    a.connect();
    await next(subA, "subscribed");
    const joined = next<{ info: { user: string } }>(subA, "join", (j) => j.info.user === "2");
    const subB = b.newSubscription("chat:p");
    subB.subscribe();
    b.connect();
    await next(subB, "subscribed");
    expect((await joined).info.user).toBe("2");
    const p = await subA.presence();
    expect(
      Object.values(p.clients)
        .map((i) => i.user)
        .sort(),
    ).toEqual(["1", "2"]);
    expect(await subA.presenceStats()).toEqual({ numClients: 2, numUsers: 2 });
    const left = next<{ info: { user: string } }>(subA, "leave");
    subB.unsubscribe();
    expect((await left).info.user).toBe("2");
  });
});

describe("private channels", () => {
  const userToken = (sub: string) => sign({ sub });
  const subToken = (sub: string, channel: string, extra: Record<string, unknown> = {}) =>
    sign({ sub, channel, ...extra });

  it("refuses $user without a subscription token", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await userToken("42") }));
    const sub = c.newSubscription("$user:42");
    const un = next<{ code: number }>(sub, "unsubscribed");
    sub.subscribe();
    c.connect();
    expect((await un).code).toBe(103);
  });

  it("refuses a subscription token signed with another key", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await userToken("42") }));
    const sub = c.newSubscription("$user:42", {
      token: await sign({ sub: "42", channel: "$user:42" }, "not-the-gateway-secret-at-all"),
    });
    const un = next<{ code: number }>(sub, "unsubscribed");
    sub.subscribe();
    c.connect();
    expect((await un).code).toBe(103);
  });

  it("accepts its own channel with a token and delivers private events", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await userToken("42") }));
    const sub = c.newSubscription("$user:42", { getToken: () => subToken("42", "$user:42") });
    const got = next<PublicationContext>(sub, "publication");
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    await gw.publisher.publish("$user:42", { type: "balance_changed", currency: "EUR", balance: 1050 });
    expect((await got).data).toEqual({ type: "balance_changed", currency: "EUR", balance: 1050 });
  });

  it("refuses another user's channel, even with a token for it (3500)", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await userToken("42") }));
    const sub = c.newSubscription("$user:43", { token: await subToken("43", "$user:43") });
    const un = next<{ code: number }>(sub, "unsubscribed");
    sub.subscribe();
    c.connect();
    expect((await un).code).toBe(103);
    const other = track(client(gw.wsUrl, { token: await userToken("42") }));
    const s2 = other.newSubscription("$user:42", { token: await subToken("43", "$user:42") });
    const d = next<{ code: number }>(other, "disconnected");
    s2.subscribe();
    other.connect();
    expect((await d).code).toBe(3500);
  });

  it("opens $staff:bets only with its subscription token, and delivers the ticker to it", async () => {
    const gw = await gateway();
    // a player connection without the staff channel's token is refused
    const player = track(client(gw.wsUrl, { token: await userToken("42") }));
    const refused = player.newSubscription("$staff:bets");
    const un = next<{ code: number }>(refused, "unsubscribed");
    refused.subscribe();
    player.connect();
    expect((await un).code).toBe(103);
    const staff = track(client(gw.wsUrl, { token: await userToken("staff-1") }));
    const sub = staff.newSubscription("$staff:bets", { getToken: () => subToken("staff-1", "$staff:bets") });
    const got = next<PublicationContext>(sub, "publication");
    sub.subscribe();
    staff.connect();
    await next(sub, "subscribed");
    await gw.publisher.publish("$staff:bets", { type: "bet_ticker", kind: "placed", bet_id: 1 });
    expect((await got).data).toEqual({ type: "bet_ticker", kind: "placed", bet_id: 1 });
  });

  it("renews an expired subscription token (109) and refreshes one about to expire", async () => {
    const gw = await gateway();
    const rec = recordingWebSocket();
    const c = track(client(gw.wsUrl, { websocket: rec.ctor, token: await userToken("42") }));
    let calls = 0;
    const sub = c.newSubscription("$user:42", {
      token: await subToken("42", "$user:42", { exp: Math.floor(Date.now() / 1000) - 5 }),
      getToken: async () => {
        calls += 1;
        return subToken("42", "$user:42", { exp: Math.floor(Date.now() / 1000) + (calls === 1 ? 2 : 3600) });
      },
    });
    const err = next<{ error: { code: number } }>(sub, "error");
    sub.subscribe();
    c.connect();
    expect((await err).error.code).toBe(109);
    const ctx = await next<SubscribedContext>(sub, "subscribed");
    expect(calls).toBe(1);
    expect(ctx.channel).toBe("$user:42");
    // The second token lives 2 s: the client sends sub_refresh with a third one and stays subscribed.
    await until(() => rec.sent.some((s) => s.includes('"sub_refresh"')), 5000);
    await until(() => gw.metrics.messagesIn.get().then((m) => m.values[0]?.value === 4));
    expect(calls).toBe(2);
    expect(sub.state).toBe("subscribed");
  });

  it("ends a subscription whose token expired without a refresh (2501); the client resubscribes", async () => {
    const timers = new ManualTimers();
    // No ping within the 30 s jumped at once: its pong could not come back inside the jump.
    const gw = await gateway({ timers, expiryGraceMs: 0, pingIntervalMs: 120_000 });
    const c = track(client(gw.wsUrl, { token: await userToken("42") }));
    const exp = Math.floor(timers.now() / 1000) + 30;
    const sub = c.newSubscription("$user:42", { token: await subToken("42", "$user:42", { exp }) });
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    const subscribing = next<{ code: number }>(sub, "subscribing");
    timers.advance(30_000);
    expect((await subscribing).code).toBe(2501);
  });
});

describe("recovery", () => {
  it("recovers what was published while the connection was down: nothing missed, nothing doubled", async () => {
    const gw = await gateway();
    const rec = recordingWebSocket();
    const c = track(
      client(gw.wsUrl, { websocket: rec.ctor, minReconnectDelay: 300, maxReconnectDelay: 300 }),
    );
    const sub = c.newSubscription("match:7");
    const seen: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push((ctx.data as { n: number }).n));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    let n = 0;
    for (; n < 5; n++) await gw.publisher.publish("match:7", { n: n + 1 });
    await until(() => seen.length === 5);
    const resubscribed = next<SubscribedContext>(sub, "subscribed");
    const connecting = next<{ code: number }>(c, "connecting");
    rec.sockets[0]?.terminate();
    expect((await connecting).code).toBe(1);
    for (; n < 12; n++) await gw.publisher.publish("match:7", { n: n + 1 });
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(true);
    for (; n < 15; n++) await gw.publisher.publish("match:7", { n: n + 1 });
    await until(() => seen.length >= 15);
    expect(seen).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const resub = rec.sent.find((s) => s.includes('"recover":true'));
    expect(resub).toMatch(/"offset":5/);
  });

  it("tells the client it cannot recover when history no longer covers the gap", async () => {
    const gw = await gateway({
      namespaces: { chat, match: { ...chat, clientPublish: false, history: { size: 3, ttlMs: 60_000 } } },
    });
    const rec = recordingWebSocket();
    const c = track(
      client(gw.wsUrl, { websocket: rec.ctor, minReconnectDelay: 300, maxReconnectDelay: 300 }),
    );
    const sub = c.newSubscription("match:8");
    const seen: number[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push(ctx.data as number));
    sub.subscribe();
    c.connect();
    await next(sub, "subscribed");
    await gw.publisher.publish("match:8", 1);
    await until(() => seen.length === 1);
    const resubscribed = next<SubscribedContext>(sub, "subscribed");
    const connecting = next(c, "connecting");
    rec.sockets[0]?.terminate();
    await connecting;
    for (let n = 2; n <= 8; n++) await gw.publisher.publish("match:8", n);
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(false);
    expect(ctx.streamPosition?.offset).toBe(8);
    await gw.publisher.publish("match:8", 9);
    await until(() => seen.length === 2);
    expect(seen).toEqual([1, 9]);
  });
});

describe("stream loss", () => {
  it("a live stream that changes epoch sends the client back to recover, which tells it to refetch", async () => {
    const broker = createMemoryBroker();
    const gw = await gateway({ broker });
    const c = track(client(gw.wsUrl));
    const sub = c.newSubscription("match:5");
    const seen: unknown[] = [];
    sub.on("publication", (ctx: PublicationContext) => seen.push(ctx.data));
    sub.subscribe();
    c.connect();
    const first = await next<SubscribedContext>(sub, "subscribed");
    await gw.publisher.publish("match:5", "a");
    await until(() => seen.length === 1);
    const resubscribing = next<{ code: number }>(sub, "subscribing");
    const again = next<SubscribedContext>(sub, "subscribed");
    await broker.removeHistory("match:5");
    await gw.publisher.publish("match:5", "b");
    expect((await resubscribing).code).toBe(2500);
    const ctx = await again;
    expect(ctx).toMatchObject({ wasRecovering: true, recovered: false });
    expect(ctx.streamPosition?.epoch).not.toBe(first.streamPosition?.epoch);
    expect(ctx.streamPosition?.offset).toBe(1);
    expect(seen).toEqual(["a"]);
  });
});

describe("disconnects and pings", () => {
  it("stops reconnecting after a terminal close code", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await sign({ sub: "5" }) }));
    c.connect();
    await next(c, "connected");
    const d = next<{ code: number; reason: string }>(c, "disconnected");
    let reconnecting = false;
    c.on("connecting", () => {
      reconnecting = true;
    });
    expect(gw.disconnectUser("5")).toBe(1);
    const ctx = await d;
    expect(ctx).toMatchObject({ code: 3503, reason: "force disconnect" });
    // A fresh connection after the client's longest backoff proves no reconnect was attempted.
    const probe = track(client(gw.wsUrl));
    probe.connect();
    await next(probe, "connected");
    expect(reconnecting).toBe(false);
    expect(c.state).toBe("disconnected");
  });

  it("reconnects after a reconnect close code (shutdown of a node)", async () => {
    const gw = await gateway();
    const c = track(client(gw.wsUrl, { token: await sign({ sub: "5" }) }));
    c.connect();
    await next(c, "connected");
    const connecting = next<{ code: number }>(c, "connecting");
    gw.disconnectUser("5", { code: 3011, reason: "force reconnect" });
    expect((await connecting).code).toBe(3011);
    await next(c, "connected");
  });

  it("pings; the client answers with a pong", async () => {
    const timers = new ManualTimers();
    // the first ping at 750 ms (the middle of the interval's second half), then every 1,000 ms
    const gw = await gateway({ timers, pingIntervalMs: 1000, pongTimeoutMs: 500, random: () => 0.5 });
    const rec = recordingWebSocket();
    const c = track(client(gw.wsUrl, { websocket: rec.ctor }));
    c.connect();
    await next(c, "connected");
    for (let i = 1; i <= 3; i++) {
      timers.advance(1000);
      await until(() => rec.sent.filter((s) => s === "{}").length === i);
      // and the server has taken it: its pong deadline (250 ms from now) is cleared, leaving the next
      // ping (750 ms from now) first. Moving the clock on before that would pass the deadline of a
      // pong still on its way.
      await until(() => timers.nothingDueWithin(500));
    }
    timers.advance(500);
    expect(c.state).toBe("connected");
  });

  it("client reconnects when server pings stop (code 2, no ping)", async () => {
    const timers = new ManualTimers();
    const gw = await gateway({ timers, pingIntervalMs: 1000 });
    const c = track(client(gw.wsUrl, { maxServerPingDelay: 200 }));
    c.connect();
    await next(c, "connected");
    const ctx = await next<{ code: number; reason: string }>(c, "connecting");
    expect(ctx).toMatchObject({ code: 2, reason: "no ping" });
    await next(c, "connected");
  });

  it("closes a connection whose token expired without a refresh (3005)", async () => {
    const timers = new ManualTimers();
    const gw = await gateway({ timers, expiryGraceMs: 0 });
    const exp = Math.floor(timers.now() / 1000) + 10;
    const c = track(client(gw.wsUrl, { token: await sign({ sub: "3", exp }) }));
    c.connect();
    await next(c, "connected");
    const connecting = next<{ code: number }>(c, "connecting");
    timers.advance(10_000);
    expect((await connecting).code).toBe(3005);
  });

  it("closes an oversized message with 1009; the client stops with code 3", async () => {
    const gw = await gateway({ maxMessageBytes: 1024 });
    const c = track(client(gw.wsUrl));
    c.connect();
    await next(c, "connected");
    const d = next<{ code: number }>(c, "disconnected");
    c.publish("chat:x", { text: "x".repeat(4000) }).catch(() => {});
    expect((await d).code).toBe(3);
  });

  it("answers rpc through configured methods and 104 otherwise", async () => {
    const gw = await gateway({
      rpc: { echo: async (ctx, data) => ({ user: ctx.user, data }) },
    });
    const c = track(client(gw.wsUrl, { token: await sign({ sub: "9" }) }));
    c.connect();
    await next(c, "connected");
    expect((await c.rpc("echo", { a: 1 })).data).toEqual({ user: "9", data: { a: 1 } });
    await expect(c.rpc("nope", {})).rejects.toMatchObject({ code: 104 });
  });

  it("hands send() data to the configured handler without a reply", async () => {
    const got: unknown[] = [];
    const gw = await gateway({ onSend: (_ctx, data) => got.push(data) });
    const c = track(client(gw.wsUrl));
    c.connect();
    await next(c, "connected");
    await c.send({ hello: "world" });
    await until(() => got.length === 1);
    expect(got).toEqual([{ hello: "world" }]);
    expect(c.state).toBe("connected");
  });
});
