import { afterEach, describe, expect, it, vi } from "vitest";
import * as wsModule from "ws";
import { rawClient, startGateway, until } from "./helpers.js";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function subscribed(url: string, channel: string) {
  const raw = await rawClient(url);
  cleanup.push(() => raw.ws.terminate());
  raw.send(`{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":"${channel}"}}`);
  await raw.reply(2);
  raw.frames.length = 0;
  return raw;
}

describe("fan-out", () => {
  it("sends the first push of a turn at once and the rest of that turn together, in order", async () => {
    const gw = await startGateway();
    cleanup.push(() => gw.stop());
    const a = await subscribed(gw.wsUrl, "match:7");
    const b = await subscribed(gw.wsUrl, "match:7");
    // Published in one turn of the event loop.
    const sent = [1, 2, 3].map((n) => gw.publisher.publish("match:7", { n }));
    await Promise.all(sent);
    for (const raw of [a, b]) {
      await until(() => raw.frames.flat().length === 3);
      const pushes = raw.frames.map((f) =>
        f.map((o) => (o as { push: { pub: { data: { n: number }; offset: number } } }).push.pub),
      );
      expect(pushes.map((f) => f.map((p) => p.data.n))).toEqual([[1], [2, 3]]);
      expect(pushes.flat().map((p) => p.offset)).toEqual([1, 2, 3]);
    }
  });

  it("frames a publication once and writes that same message to every receiver", async () => {
    const gw = await startGateway();
    cleanup.push(() => gw.stop());
    const a = await subscribed(gw.wsUrl, "match:9");
    const b = await subscribed(gw.wsUrl, "match:9");
    type SenderProto = { sendFrame(list: Buffer[], cb?: () => void): void };
    const proto = (wsModule as unknown as { Sender: { prototype: SenderProto } }).Sender.prototype;
    const sendFrame = vi.spyOn(proto, "sendFrame");
    cleanup.push(() => sendFrame.mockRestore());
    await gw.publisher.publish("match:9", { odds: 1500, team: "São Paulo" });
    for (const raw of [a, b]) await until(() => raw.frames.length === 1);
    const written = sendFrame.mock.calls.map(([list]) => list);
    expect(written).toHaveLength(2);
    expect(written[0]).toHaveLength(1);
    expect(written[1]?.[0]).toBe(written[0]?.[0]);
    expect(b.frames[0]).toEqual([
      { push: { channel: "match:9", pub: { data: { odds: 1500, team: "São Paulo" }, offset: 1 } } },
    ]);
  });
});
