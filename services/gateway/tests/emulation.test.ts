import type { PublicationContext } from "centrifuge";
import { Centrifuge } from "centrifuge";
import { afterEach, describe, expect, it } from "vitest";
import type { Gateway } from "../src/gateway.js";
import { FetchEventSource, ManualTimers, next, startGateway, until } from "./helpers.js";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function emulatedClient(gw: Gateway, transport: "http_stream" | "sse", posts: string[] = []): Centrifuge {
  const base = gw.url() as string;
  // Recorded once answered: the gateway answers a post after handling its commands.
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (String(input).endsWith("/emulation")) posts.push(JSON.parse(String(init?.body)).data);
    return res;
  };
  const c = new Centrifuge([{ transport, endpoint: `${base}/connection/${transport}` }], {
    fetch: recordingFetch,
    readableStream: ReadableStream,
    eventsource: FetchEventSource,
    emulationEndpoint: `${base}/connection/emulation`,
    minReconnectDelay: 50,
    maxReconnectDelay: 200,
  });
  cleanup.push(() => c.disconnect());
  return c;
}

for (const transport of ["http_stream", "sse"] as const) {
  describe(`${transport} emulation`, () => {
    it("connects, subscribes through posted commands, receives publications and pings", async () => {
      const timers = new ManualTimers();
      // the first ping at 750 ms (the middle of the interval's second half)
      const gw = await startGateway({ timers, pingIntervalMs: 1000, pongTimeoutMs: 500, random: () => 0.5 });
      cleanup.push(() => gw.stop());
      const posts: string[] = [];
      const c = emulatedClient(gw, transport, posts);
      const connected = next<{ transport: string }>(c, "connected");
      c.connect();
      expect((await connected).transport).toBe(transport);
      const sub = c.newSubscription("match:3");
      const seen: unknown[] = [];
      sub.on("publication", (ctx: PublicationContext) => seen.push(ctx.data));
      sub.subscribe();
      await next(sub, "subscribed");
      await gw.publisher.publish("match:3", { n: 1 });
      await gw.publisher.publish("match:3", { n: 2 });
      await until(() => seen.length === 2);
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      // A ping reaches the client and its pong comes back as a post: still connected after the timeout.
      timers.advance(1000);
      await until(() => posts.includes("{}"));
      // posted is not yet read: the clock moves on once the server has cleared the pong's deadline
      // (250 ms from now), which leaves the next ping (750 ms from now) first
      await until(() => timers.nothingDueWithin(500));
      await gw.publisher.publish("match:3", { n: 3 });
      await until(() => seen.length === 3);
      timers.advance(500);
      await gw.publisher.publish("match:3", { n: 4 });
      await until(() => seen.length === 4);
      expect(c.state).toBe("connected");
    });

    it("ends with a disconnect push the client obeys (terminal code: no reconnect)", async () => {
      const gw = await startGateway({});
      cleanup.push(() => gw.stop());
      const c = emulatedClient(gw, transport);
      c.connect();
      await next(c, "connected");
      const d = next<{ code: number }>(c, "disconnected");
      gw.disconnectUser("");
      expect((await d).code).toBe(3503);
    });
  });
}

describe("emulation posts", () => {
  it("refuses an unknown session with 404 and a malformed body with 400", async () => {
    const gw = await startGateway({});
    cleanup.push(() => gw.stop());
    const url = `${gw.url()}/connection/emulation`;
    const unknown = await fetch(url, {
      method: "POST",
      body: JSON.stringify({ session: "nope", node: "nope", data: "{}" }),
    });
    expect(unknown.status).toBe(404);
    const bad = await fetch(url, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
  });
});
