import { randomUUID } from "node:crypto";
import type { PublicationContext } from "centrifuge";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpPublisher, createRedisPublisher } from "../src/publishers.js";
import { client, dropKeys, next, startGateway } from "./helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function subscribed(url: string, channel: string) {
  const c = client(url);
  cleanup.push(() => c.disconnect());
  const sub = c.newSubscription(channel);
  sub.subscribe();
  c.connect();
  await next(sub, "subscribed");
  return sub;
}

describe("HTTP publisher", () => {
  it("publishes through a separate gateway with its API key", async () => {
    const gw = await startGateway({ apiKey: "publish-key-0123456789" });
    cleanup.push(() => gw.stop());
    const sub = await subscribed(gw.wsUrl, "match:3");
    const got = next<PublicationContext>(sub, "publication");
    await createHttpPublisher({ url: gw.url() as string, apiKey: "publish-key-0123456789" }).publish(
      "match:3",
      {
        type: "match_status_changed",
        match_id: 3,
        status: "live",
      },
    );
    expect((await got).data).toMatchObject({ status: "live" });
  });

  it("refuses a wrong key, a bad body and an unknown channel", async () => {
    const gw = await startGateway({ apiKey: "publish-key-0123456789" });
    cleanup.push(() => gw.stop());
    const url = gw.url() as string;
    await expect(
      createHttpPublisher({ url, apiKey: "wrong-key-0123456789" }).publish("match:1", 1),
    ).rejects.toThrow(/401/);
    await expect(
      createHttpPublisher({ url, apiKey: "publish-key-0123456789" }).publish("x:1", 1),
    ).rejects.toThrow(/400/);
    const res = await fetch(`${url}/api/publish`, {
      method: "POST",
      headers: { authorization: "apikey publish-key-0123456789" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/realtime_connections/);
  });
});

describe.skipIf(!redisUrl)("Redis publisher", () => {
  it("publishes into the Redis broker from a process without a gateway", async () => {
    const prefix = `test-${randomUUID()}`;
    cleanup.push(() => dropKeys(redisUrl as string, prefix));
    const gw = await startGateway({ redisUrl, redisPrefix: prefix });
    cleanup.push(() => gw.stop());
    const sub = await subscribed(gw.wsUrl, "public:en");
    const got = next<PublicationContext>(sub, "publication");
    const pub = createRedisPublisher({ url: redisUrl as string, prefix });
    cleanup.push(() => pub.close());
    await pub.publish("public:en", { type: "provider_status_changed", provider: "oddin", status: "up" });
    const ctx = await got;
    expect(ctx.data).toMatchObject({ provider: "oddin" });
    expect(ctx.offset).toBe(1);
  });
});
