import { Redis } from "ioredis";
import type { Broker, BrokerMessage, HistoryPolicy, PresenceStore } from "./broker.js";
import { newEpoch } from "./broker.js";
import type { ClientInfo, Publication } from "./protocol.js";
import type { RedisLink } from "./redis-link.js";
import { readPublished } from "./redis-message.js";

/**
 * Redis layout per channel (prefix P): stream `P:s:{ch}` holds publications with id `{offset}-0`,
 * hash `P:m:{ch}` holds the top offset `s` and the epoch `e`, pub/sub channel `P:c:{ch}` carries
 * live messages. Publishing is one Lua script, so offsets and live order always agree.
 */
const publishScript = `
local epoch = redis.call("hget", KEYS[2], "e")
if not epoch then
  epoch = ARGV[6]
  redis.call("hset", KEYS[2], "e", epoch)
  redis.call("del", KEYS[1])
end
local offset = redis.call("hincrby", KEYS[2], "s", 1)
redis.call("xadd", KEYS[1], "MAXLEN", ARGV[3], offset .. "-0", "d", ARGV[2])
redis.call("pexpire", KEYS[1], ARGV[4])
redis.call("pexpire", KEYS[2], ARGV[5])
redis.call("publish", ARGV[1], '{"o":' .. offset .. ',"e":"' .. epoch .. '","p":' .. ARGV[2] .. '}')
return {offset, epoch}
`;

const historyScript = `
local epoch = redis.call("hget", KEYS[2], "e")
if not epoch then
  epoch = ARGV[1]
  redis.call("hset", KEYS[2], "e", epoch)
  redis.call("del", KEYS[1])
end
redis.call("pexpire", KEYS[2], ARGV[2])
local offset = tonumber(redis.call("hget", KEYS[2], "s") or "0")
local entries = {}
if ARGV[3] == "1" then
  if ARGV[6] == "1" then
    entries = redis.call("xrevrange", KEYS[1], ARGV[4], "-", "COUNT", ARGV[5])
  else
    entries = redis.call("xrange", KEYS[1], ARGV[4], "+", "COUNT", ARGV[5])
  end
end
return {offset, epoch, entries}
`;

interface Scripted {
  sbPublish(...args: (string | number)[]): Promise<[number, string]>;
  sbHistory(...args: (string | number)[]): Promise<[number, string, [string, string[]][]]>;
}

export interface RedisBrokerOptions {
  url: string;
  prefix: string;
  /** How long a channel's epoch and offset outlive its last publication. */
  metaTtlMs?: number;
  random?: () => number;
  /** Told of what failed in the background: a re-subscription, an unreadable message. */
  onError?: (err: unknown) => void;
  /** Where the connections' state is kept, told and retried from (see `createRedisLink`). */
  link?: RedisLink;
}

const reportToConsole = (err: unknown) => console.error("realtime broker:", err);

function connect(url: string, link: RedisLink | undefined, connectionName?: string): Redis {
  const lastError: { message?: string } = {};
  const r = new Redis(url, {
    maxRetriesPerRequest: 3,
    ...(connectionName ? { connectionName } : {}),
    ...(link ? link.redisOptions(lastError) : {}),
  });
  if (link) link.watch(r, lastError);
  // Without a handler ioredis reports connection errors as unhandled; it reconnects by itself.
  else r.on("error", () => {});
  return r;
}

/** A broker shared by several gateway nodes through Redis. */
export function createRedisBroker(options: RedisBrokerOptions): Broker {
  const { prefix } = options;
  const metaTtlMs = options.metaTtlMs ?? 24 * 3600_000;
  const random = options.random ?? Math.random;
  const onError = options.onError ?? reportToConsole;
  const cmd = connect(options.url, options.link);
  // The subscriber connection opens with the first subscription, so a publish-only process has one.
  let subscriber: Redis | null = null;
  let resync: () => void = () => {};
  const channels = new Set<string>();
  const sub = (): Redis => {
    if (!subscriber) {
      const s = connect(options.url, options.link, `${prefix}:sub`);
      let connectedBefore = false;
      s.on("message", onMessage);
      s.on("ready", () => {
        if (!connectedBefore) {
          connectedBefore = true;
          return;
        }
        // Reconnected: what was published meanwhile never arrived. Once every channel is
        // subscribed again, subscribers recover it from the streams.
        const again = [...channels];
        (again.length > 0 ? s.subscribe(...again) : Promise.resolve()).then(() => resync()).catch(onError);
      });
      subscriber = s;
    }
    return subscriber;
  };
  cmd.defineCommand("sbPublish", { numberOfKeys: 2, lua: publishScript });
  cmd.defineCommand("sbHistory", { numberOfKeys: 2, lua: historyScript });
  const scripted = cmd as unknown as Scripted;
  const channelPrefix = `${prefix}:c:`;
  let handler: (msg: BrokerMessage) => void = () => {};

  const keys = (channel: string) => [`${prefix}:s:${channel}`, `${prefix}:m:${channel}`];

  function onMessage(redisChannel: string, text: string): void {
    if (!redisChannel.startsWith(channelPrefix)) return;
    const channel = redisChannel.slice(channelPrefix.length);
    const published = readPublished(channel, text);
    if (published) {
      handler(published);
      return;
    }
    let m: { o?: number; e?: string; p?: Publication; j?: ClientInfo; l?: ClientInfo };
    try {
      m = JSON.parse(text);
    } catch (err) {
      onError(err);
      return;
    }
    if (m.p) {
      const pub: Publication = m.o !== undefined ? { ...m.p, offset: m.o } : m.p;
      handler({ kind: "pub", channel, pub, offset: m.o, epoch: m.e });
    } else if (m.j) handler({ kind: "join", channel, info: m.j });
    else if (m.l) handler({ kind: "leave", channel, info: m.l });
  }

  function toPublication(entry: [string, string[]]): Publication {
    const [id, fields] = entry;
    const payload = fields[fields.indexOf("d") + 1] ?? "null";
    return { ...(JSON.parse(payload) as Publication), offset: Number(id.split("-")[0]) };
  }

  return {
    onMessage(h) {
      handler = h;
    },
    onResync(h) {
      resync = h;
    },
    async subscribe(channel) {
      channels.add(channelPrefix + channel);
      await sub().subscribe(channelPrefix + channel);
    },
    async unsubscribe(channel) {
      channels.delete(channelPrefix + channel);
      await subscriber?.unsubscribe(channelPrefix + channel);
    },
    async publish(channel, pub, history: HistoryPolicy | null) {
      const payload = JSON.stringify(pub);
      if (!history) {
        await cmd.publish(channelPrefix + channel, `{"p":${payload}}`);
        return null;
      }
      const [s, m] = keys(channel);
      const [offset, epoch] = await scripted.sbPublish(
        s as string,
        m as string,
        channelPrefix + channel,
        payload,
        history.size,
        history.ttlMs,
        Math.max(metaTtlMs, history.ttlMs),
        newEpoch(random),
      );
      return { offset: Number(offset), epoch: String(epoch) };
    },
    async publishJoinLeave(kind, channel, info) {
      await cmd.publish(channelPrefix + channel, JSON.stringify(kind === "join" ? { j: info } : { l: info }));
    },
    async history(channel, query, policy) {
      const [s, m] = keys(channel);
      let from: string;
      if (query.reverse) from = query.since !== undefined ? `(${query.since}-0` : "+";
      else from = query.since !== undefined ? `(${query.since}-0` : "-";
      const limit = query.limit < 0 ? policy.size : query.limit;
      const [offset, epoch, entries] = await scripted.sbHistory(
        s as string,
        m as string,
        newEpoch(random),
        Math.max(metaTtlMs, policy.ttlMs),
        limit === 0 ? "0" : "1",
        from,
        Math.max(limit, 1),
        query.reverse ? "1" : "0",
      );
      return {
        publications: entries.map(toPublication),
        position: { offset: Number(offset), epoch: String(epoch) },
      };
    },
    async removeHistory(channel) {
      await cmd.del(...keys(channel));
    },
    async close() {
      await Promise.allSettled([cmd.quit(), subscriber?.quit()]);
    },
  };
}

export interface RedisPresenceOptions {
  url: string;
  prefix: string;
  /** Entries not refreshed within this are gone (a crashed node's clients). */
  ttlMs?: number;
  /** Told when refreshing this node's entries fails (they expire if it keeps failing). */
  onError?: (err: unknown) => void;
  link?: RedisLink;
}

/**
 * Presence in Redis: hash `P:p:{ch}` of client → info and sorted set `P:pz:{ch}` of client →
 * expiry. This node refreshes its own entries, so entries of a node that died expire.
 */
export function createRedisPresence(options: RedisPresenceOptions): PresenceStore {
  const ttlMs = options.ttlMs ?? 60_000;
  const onError = options.onError ?? reportToConsole;
  const redis = connect(options.url, options.link);
  const own = new Map<string, ClientInfo>();
  const hashKey = (ch: string) => `${options.prefix}:p:${ch}`;
  const zKey = (ch: string) => `${options.prefix}:pz:${ch}`;
  const ownKey = (ch: string, client: string) => `${ch}\n${client}`;

  async function write(channel: string, clientId: string, info: ClientInfo): Promise<void> {
    await redis
      .multi()
      .hset(hashKey(channel), clientId, JSON.stringify(info))
      .zadd(zKey(channel), Date.now() + ttlMs, clientId)
      .pexpire(hashKey(channel), ttlMs * 2)
      .pexpire(zKey(channel), ttlMs * 2)
      .exec();
  }

  const refresher = setInterval(() => {
    for (const [k, info] of own) {
      const [ch, client] = k.split("\n") as [string, string];
      write(ch, client, info).catch(onError);
    }
  }, ttlMs / 3);
  refresher.unref();

  return {
    async add(channel, clientId, info) {
      own.set(ownKey(channel, clientId), info);
      await write(channel, clientId, info);
    },
    async remove(channel, clientId) {
      own.delete(ownKey(channel, clientId));
      await redis.multi().hdel(hashKey(channel), clientId).zrem(zKey(channel), clientId).exec();
    },
    async get(channel) {
      const expired = await redis.zrangebyscore(zKey(channel), 0, Date.now());
      if (expired.length > 0) {
        await redis
          .multi()
          .zrem(zKey(channel), ...expired)
          .hdel(hashKey(channel), ...expired)
          .exec();
      }
      const all = await redis.hgetall(hashKey(channel));
      const out: Record<string, ClientInfo> = {};
      for (const [client, info] of Object.entries(all)) out[client] = JSON.parse(info) as ClientInfo;
      return out;
    },
    async close() {
      clearInterval(refresher);
      own.clear();
      // closing: a connection that is already gone has nothing left to release
      await redis.quit().catch(() => {});
    },
  };
}
