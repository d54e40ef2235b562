import { type Database, feedProducers, rowsOf } from "@sportsbook/db";
import { sql } from "drizzle-orm";
import type { Provider } from "../model.js";

/** At most one freshness write per this many ms, whatever the message rate. */
const FRESHNESS_WRITE_MS = 1_000;

interface Heard {
  provider: Provider;
  producer: number;
  messageAt: number | null;
  aliveAt: number | null;
}

export interface FreshnessRecorderOptions {
  db: Database;
  /** Wall clock: freshness is when this node applied a message, comparable across nodes. */
  now: () => number;
  intervalMs?: number;
  /**
   * Each written producer's status as the table has it, with when the write began: another node
   * may have taken a silent producer down, which the ingest must then recover.
   */
  onStatus?: (provider: Provider, producer: number, status: string, since: number) => void;
  onError: (error: unknown) => void;
}

/**
 * Keeps `feed_producers.last_message_at` and `last_alive_at` where every node reads them, written
 * coalesced: what the ingest applied is noted in memory and one statement writes every producer
 * heard from since the last write, at most once per `intervalMs`, never on a message's path.
 */
export function createFreshnessRecorder(options: FreshnessRecorderOptions) {
  const interval = options.intervalMs ?? FRESHNESS_WRITE_MS;
  const pending = new Map<string, Heard>();
  const heard = new Map<string, Heard>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let stopped = false;

  async function write(): Promise<void> {
    timer = undefined;
    if (pending.size === 0) return;
    const rows = [...pending.values()].map((h) => ({
      provider: h.provider,
      producer: h.producer,
      message_at: h.messageAt === null ? null : new Date(h.messageAt).toISOString(),
      alive_at: h.aliveAt === null ? null : new Date(h.aliveAt).toISOString(),
    }));
    pending.clear();
    const since = options.now();
    lastWrite = since;
    // greatest() skips nulls and keeps a later time another writer left (an old leader's last flush)
    const result = await options.db.execute(sql`update ${feedProducers} p
      set last_message_at = greatest(p.last_message_at, f.message_at),
        last_alive_at = greatest(p.last_alive_at, f.alive_at)
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as f(provider text, producer integer, message_at timestamptz, alive_at timestamptz)
      where p.provider = f.provider and p.producer_id = f.producer
      returning p.provider, p.producer_id, p.status`);
    for (const r of rowsOf<{ provider: Provider; producer_id: number; status: string }>(result))
      options.onStatus?.(r.provider, Number(r.producer_id), r.status, since);
  }

  function run(): Promise<void> {
    const p = (writing ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        if (writing === p) writing = undefined;
      });
    writing = p;
    return p;
  }

  function schedule(): void {
    if (timer || stopped) return;
    const wait = Math.max(0, lastWrite + interval - options.now());
    timer = setTimeout(() => void run(), wait);
    timer.unref();
  }

  return {
    /** Notes a message of a producer applied at `at` (an alive saying it is subscribed, or any other). */
    saw(provider: Provider, producer: number, alive: boolean, at: number): void {
      const key = `${provider}/${producer}`;
      for (const map of [pending, heard]) {
        const h = map.get(key) ?? { provider, producer, messageAt: null, aliveAt: null };
        if (alive) h.aliveAt = at;
        else h.messageAt = at;
        map.set(key, h);
      }
      schedule();
    },
    /** Writes what is noted now (tests, and a leader stepping down). */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await run();
    },
    async stop(): Promise<void> {
      stopped = true;
      await this.flush();
    },
    start(): void {
      stopped = false;
    },
    /** When this node applied each producer's last message and alive (its own, exact times). */
    heard(): Heard[] {
      return [...heard.values()].map((h) => ({ ...h }));
    },
  };
}
