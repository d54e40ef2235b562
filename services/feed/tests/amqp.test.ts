import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameEncoder, decodeFrame } from "../src/adapters.js";
import { createSimulator } from "../src/sim/simulator.js";
import { createAmqpTransport } from "../src/transport/amqp.js";
import type { Delivery, FeedTransport } from "../src/transport/transport.js";
import { T0 } from "./helpers.js";

const url = process.env.TEST_AMQP_URL;

describe.skipIf(!url)("AMQP transport (RabbitMQ)", { timeout: 60_000 }, () => {
  const prefix = `test.${process.pid}.${Date.now()}.`;
  let producer: FeedTransport;
  let consumer: FeedTransport;
  beforeAll(async () => {
    producer = await createAmqpTransport({ url: url ?? "", prefix });
    consumer = await createAmqpTransport({ url: url ?? "", prefix, queue: "feed" });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
  });

  it("carries every provider's frames in order with UOF routing keys and their positions", async () => {
    const sim = createSimulator({ seed: "amqp", matches: 4, startTime: T0 });
    const enc = createFrameEncoder();
    const sent: Delivery[] = [];
    for (const m of sim.advanceTo(T0 + 5 * 60_000)) {
      const f = enc.encode(m.event, m);
      if (f) sent.push({ frame: f, position: sent.length + 1 });
    }
    const got: Delivery[] = [];
    let resolveDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    await consumer.subscribe(async (d) => {
      got.push(d);
      if (got.length === sent.length) resolveDone();
    });
    for (const d of sent) await producer.publish(d);
    await done;
    expect(got.map((d) => d.position)).toEqual(sent.map((d) => d.position));
    expect(got.map((d) => d.frame)).toEqual(sent.map((d) => d.frame));
    expect(new Set(got.map((d) => d.frame.provider))).toEqual(new Set(["betradar", "oddin", "betconstruct"]));
    expect(got.every((d) => decodeFrame(d.frame).ok)).toBe(true);
    expect(
      got.some((d) => /^hi\.(pre|-)\.(live|-)\.odds_change\.\d+\.sr:match\.\d+\.-$/.test(d.frame.routingKey)),
    ).toBe(true);
    expect(got.some((d) => d.frame.routingKey === "-.-.-.alive.-.-.-.-")).toBe(true);
  });
});
