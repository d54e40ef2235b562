import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Broker, BrokerMessage, HistoryPolicy, PresenceStore } from "../src/broker.js";
import { createMemoryBroker, createMemoryPresence } from "../src/memory-broker.js";
import type { StreamPosition } from "../src/protocol.js";
import { createRedisBroker, createRedisPresence } from "../src/redis-broker.js";
import { dropKeys, until } from "./helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;
const policy: HistoryPolicy = { size: 5, ttlMs: 60_000 };

interface Kind {
  name: string;
  skip: boolean;
  /** Two brokers sharing state (two nodes), plus presence. */
  make(): { a: Broker; b: Broker; presence: PresenceStore; drop?: () => Promise<void> };
}

const kinds: Kind[] = [
  {
    name: "memory",
    skip: false,
    make() {
      const a = createMemoryBroker();
      return { a, b: a, presence: createMemoryPresence() };
    },
  },
  {
    name: "redis",
    skip: !redisUrl,
    make() {
      const prefix = `test-${randomUUID()}`;
      const url = redisUrl as string;
      return {
        a: createRedisBroker({ url, prefix }),
        b: createRedisBroker({ url, prefix }),
        presence: createRedisPresence({ url, prefix }),
        drop: () => dropKeys(url, prefix),
      };
    },
  },
];

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of open.splice(0)) await f();
});

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`${kind.name} broker`, () => {
    function setup() {
      const s = kind.make();
      open.push(async () => {
        await s.a.close();
        if (s.b !== s.a) await s.b.close();
        await s.presence.close();
        await s.drop?.();
      });
      const got: BrokerMessage[] = [];
      s.b.onMessage((m) => got.push(m));
      return { ...s, got };
    }

    it("numbers publications from 1 in one epoch and delivers them in order to subscribed nodes", async () => {
      const { a, b, got } = setup();
      await b.subscribe("match:1");
      const positions: (StreamPosition | null)[] = [];
      for (let i = 1; i <= 20; i++) positions.push(await a.publish("match:1", { data: { i } }, policy));
      await a.publish("match:2", { data: "elsewhere" }, policy);
      expect(positions.map((p) => p?.offset)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(positions.map((p) => p?.epoch)).size).toBe(1);
      await until(() => got.length === 20);
      expect(got.map((m) => (m.kind === "pub" ? m.pub.offset : -1))).toEqual(positions.map((p) => p?.offset));
      expect(
        got.every((m) => m.channel === "match:1" && m.kind === "pub" && m.epoch === positions[0]?.epoch),
      ).toBe(true);
    });

    it("hands a publication with history over with its offset and its JSON, the same on every broker", async () => {
      const { a, b, got } = setup();
      await b.subscribe("match:json");
      const pub = { data: { odds: [1500, 3400], team: "Grêmio" }, tags: { k: "v" } };
      await a.publish("match:json", pub, policy);
      await until(() => got.length === 1);
      const m = got[0] as Extract<BrokerMessage, { kind: "pub" }>;
      expect(m.offset).toBe(1);
      expect(m.json).toBe(JSON.stringify({ ...pub, offset: 1 }));
      expect(m.pub).toEqual({ ...pub, offset: 1 });
    });

    it("delivers publications without history without offsets, and stops after unsubscribe", async () => {
      const { a, b, got } = setup();
      await b.subscribe("chat:1");
      expect(await a.publish("chat:1", { data: 1 }, null)).toBeNull();
      await until(() => got.length === 1);
      expect(got[0]).toMatchObject({ kind: "pub", pub: { data: 1 } });
      expect((got[0] as { pub: { offset?: number } }).pub.offset).toBeUndefined();
      await b.unsubscribe("chat:1");
      await a.publish("chat:1", { data: 2 }, null);
      await b.subscribe("chat:probe");
      await a.publish("chat:probe", { data: 3 }, null);
      await until(() => got.length === 2);
      expect(got[1]?.channel).toBe("chat:probe");
    });

    it("keeps a bounded history: forward, reverse, since, position only", async () => {
      const { a, b } = setup();
      for (let i = 1; i <= 8; i++) await a.publish("match:h", { data: i, tags: { k: "v" } }, policy);
      const pos = await b.history("match:h", { limit: 0, reverse: false }, policy);
      expect(pos.publications).toEqual([]);
      expect(pos.position.offset).toBe(8);
      const all = await b.history("match:h", { limit: 100, reverse: false }, policy);
      expect(all.publications.map((p) => [p.offset, p.data])).toEqual([
        [4, 4],
        [5, 5],
        [6, 6],
        [7, 7],
        [8, 8],
      ]);
      expect(all.publications[0]?.tags).toEqual({ k: "v" });
      const rev = await b.history("match:h", { limit: 2, reverse: true }, policy);
      expect(rev.publications.map((p) => p.offset)).toEqual([8, 7]);
      const since = await b.history("match:h", { since: 6, limit: 10, reverse: false }, policy);
      expect(since.publications.map((p) => p.offset)).toEqual([7, 8]);
      const before = await b.history("match:h", { since: 6, limit: 10, reverse: true }, policy);
      expect(before.publications.map((p) => p.offset)).toEqual([5, 4]);
    });

    it("keeps what was published, whatever the publisher does with its object afterwards", async () => {
      const { a, b } = setup();
      const data = { odds: [1500, 3400], team: "Grêmio" };
      await a.publish("match:snap", { data }, policy);
      data.odds[0] = 9999;
      const h = await b.history("match:snap", { limit: 10, reverse: false }, policy);
      expect(h.publications).toEqual([{ data: { odds: [1500, 3400], team: "Grêmio" }, offset: 1 }]);
    });

    it("gives an unknown channel a position 0 with a stable epoch; removing history changes the epoch", async () => {
      const { a, b } = setup();
      const first = await a.history("match:new", { limit: 0, reverse: false }, policy);
      const again = await b.history("match:new", { limit: 0, reverse: false }, policy);
      expect(first.position.offset).toBe(0);
      expect(again.position).toEqual(first.position);
      const p = await a.publish("match:new", { data: 1 }, policy);
      expect(p).toEqual({ offset: 1, epoch: first.position.epoch });
      await a.removeHistory("match:new");
      const after = await b.history("match:new", { limit: 0, reverse: false }, policy);
      expect(after.position.offset).toBe(0);
      expect(after.position.epoch).not.toBe(first.position.epoch);
    });

    it("fans out join and leave without storing them", async () => {
      const { a, b, got } = setup();
      await b.subscribe("chat:j");
      await a.publishJoinLeave("join", "chat:j", { user: "1", client: "c1" });
      await a.publishJoinLeave("leave", "chat:j", { user: "1", client: "c1" });
      await until(() => got.length === 2);
      expect(got).toEqual([
        { kind: "join", channel: "chat:j", info: { user: "1", client: "c1" } },
        { kind: "leave", channel: "chat:j", info: { user: "1", client: "c1" } },
      ]);
      const h = await a.history("chat:j", { limit: 10, reverse: false }, policy);
      expect(h.publications).toEqual([]);
    });

    it("keeps presence per channel", async () => {
      const { presence } = setup();
      await presence.add("chat:p", "c1", { user: "1", client: "c1" });
      await presence.add("chat:p", "c2", { user: "1", client: "c2" });
      await presence.add("chat:q", "c3", { user: "3", client: "c3" });
      expect(Object.keys(await presence.get("chat:p")).sort()).toEqual(["c1", "c2"]);
      await presence.remove("chat:p", "c1");
      expect(await presence.get("chat:p")).toEqual({ c2: { user: "1", client: "c2" } });
      expect(await presence.get("chat:none")).toEqual({});
    });
  });
}

describe("memory broker expiry", () => {
  it("drops publications after the history TTL but keeps the position and epoch", async () => {
    let now = 1_000_000;
    const b = createMemoryBroker({ now: () => now });
    const p = await b.publish("match:t", { data: 1 }, { size: 10, ttlMs: 1000 });
    now += 999;
    expect((await b.history("match:t", { limit: 10, reverse: false }, policy)).publications).toHaveLength(1);
    now += 1;
    const h = await b.history("match:t", { limit: 10, reverse: false }, policy);
    expect(h.publications).toEqual([]);
    expect(h.position).toEqual(p);
  });
});

describe("memory broker meta expiry", () => {
  it("forgets a stream idle past the meta TTL: a new epoch starts", async () => {
    let now = 0;
    const b = createMemoryBroker({ now: () => now, metaTtlMs: 10_000 });
    const first = await b.publish("match:old", { data: 1 }, policy);
    now = 20_000;
    // The sweep runs every thousand operations.
    for (let i = 0; i < 1000; i++) await b.history("match:busy", { limit: 0, reverse: false }, policy);
    const h = await b.history("match:old", { limit: 0, reverse: false }, policy);
    expect(h.position.offset).toBe(0);
    expect(h.position.epoch).not.toBe(first?.epoch);
  });
});
