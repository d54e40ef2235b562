import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Gateway } from "../src/gateway.js";
import { rawClient, startGateway } from "./helpers.js";

const methods = [
  "connect",
  "subscribe",
  "unsubscribe",
  "publish",
  "presence",
  "presence_stats",
  "history",
  "rpc",
  "send",
  "refresh",
  "sub_refresh",
  "ping",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
];

const channel = fc.oneof(
  fc.constantFrom("public:en", "match:1", "$user:1", "chat:x", "constructor:1", "__proto__:x", "", ":"),
  fc.string(),
);
const params = fc.oneof(
  fc.anything(),
  fc.record(
    {
      channel,
      token: fc.string(),
      recover: fc.boolean(),
      offset: fc.oneof(fc.integer(), fc.double()),
      epoch: fc.string(),
      limit: fc.integer(),
      reverse: fc.boolean(),
      since: fc.anything(),
      method: fc.constantFrom("toString", "__proto__", "x"),
      data: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);
const command = fc
  .record({
    id: fc.oneof(fc.integer(), fc.constant(undefined), fc.double()),
    method: fc.constantFrom(...methods),
    params,
  })
  .map(({ id, method, params }) => JSON.stringify({ id, [method]: params }));
const frame = fc.oneof(
  fc.string(),
  fc.json(),
  command,
  fc.array(command, { minLength: 2, maxLength: 5 }).map((c) => c.join("\n")),
);

let gw: Gateway & { wsUrl: string };
const faults: unknown[] = [];
beforeAll(async () => {
  gw = await startGateway({ onError: (e) => faults.push(e) });
});
afterAll(() => gw.stop());

it("answers any frame with a reply, an error or a protocol close, and never faults", async () => {
  await fc.assert(
    fc.asyncProperty(frame, async (text) => {
      const raw = await rawClient(gw.wsUrl);
      try {
        raw.send('{"id":4000000000,"connect":{}}');
        await raw.reply(4000000000);
        raw.send(text);
        // Commands run in order: the probe's reply means the frame was fully handled.
        raw.send('{"id":4000000001,"unsubscribe":{"channel":"public:en"}}');
        const outcome = await Promise.race([raw.reply(4000000001), raw.closed]);
        if ("code" in outcome && !("id" in outcome)) expect([3501, 3500, 1009]).toContain(outcome.code);
      } finally {
        raw.ws.terminate();
      }
    }),
    { numRuns: 150, seed: 20261122 },
  );
  expect(faults).toEqual([]);
});
