import pg from "pg";

/**
 * A lock one node holds while its session lives: a PostgreSQL session advisory lock on a connection
 * of its own, released by the server when that session ends, however the node ends. On PGlite the
 * database belongs to one process, so the lock is always that process's.
 */
export interface SessionLock {
  /** Takes the lock if nobody holds it; true while this node holds it. */
  tryAcquire(): Promise<boolean>;
  /** Whether the lock's session still answers; false once it is lost (the lock is then free). */
  check(): Promise<boolean>;
  /** Lets the lock go (closing its session). */
  release(): Promise<void>;
  /** Called once when the lock's session ends without `release` (the server went away, a network cut). */
  onLost(fn: (error: unknown) => void): void;
}

/** Which lock: a pair of integers, as `pg_try_advisory_lock(int, int)` takes it. */
export interface LockKey {
  classId: number;
  objId: number;
}

/**
 * PostgreSQL drops a session whose peer stopped answering after about idle + interval × count
 * seconds, so a leader whose host vanished frees its lock within ~10 s rather than the kernel's hours.
 */
const KEEPALIVE = { idle: 4, interval: 2, count: 3 };

/** Application name of lock sessions, so any node can read who holds a lock from `pg_stat_activity`. */
export const LOCK_APPLICATION_PREFIX = "sportsbook:";

export function postgresSessionLock(connectionString: string, key: LockKey, holder: string): SessionLock {
  let client: pg.Client | undefined;
  let held = false;
  let lost: ((error: unknown) => void) | undefined;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString,
      application_name: `${LOCK_APPLICATION_PREFIX}${holder}`.slice(0, 63),
      keepAlive: true,
    });
    c.on("error", (error) => {
      const wasHeld = held;
      held = false;
      client = undefined;
      // the session is gone, and the lock with it: the holder must stop acting as the leader
      if (wasHeld) lost?.(error);
    });
    await c.connect();
    await c.query(
      `set tcp_keepalives_idle = ${KEEPALIVE.idle}; set tcp_keepalives_interval = ${KEEPALIVE.interval};
       set tcp_keepalives_count = ${KEEPALIVE.count}`,
    );
    return c;
  }

  return {
    async tryAcquire() {
      if (held) return true;
      client ??= await connect();
      const r = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [
        key.classId,
        key.objId,
      ]);
      held = r.rows[0]?.ok === true;
      return held;
    },
    async check() {
      if (!held || !client) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        // a failed query means a dead session: the server has let the lock go
        held = false;
        return false;
      }
    },
    async release() {
      held = false;
      const c = client;
      client = undefined;
      await c?.end();
    },
    onLost(fn) {
      lost = fn;
    },
  };
}

/** PGlite: one process owns the database, so it is trivially the holder. */
export function processSessionLock(): SessionLock {
  let held = false;
  return {
    async tryAcquire() {
      held = true;
      return true;
    },
    async check() {
      return held;
    },
    async release() {
      held = false;
    },
    onLost() {},
  };
}

/** The SQL reading who holds a lock: the holder named by its session's application name. */
export function lockHolderQuery(key: LockKey): { text: string; values: number[] } {
  return {
    text: `select substr(a.application_name, ${LOCK_APPLICATION_PREFIX.length + 1}) as holder
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2 and l.objsubid = 2
      limit 1`,
    values: [key.classId, key.objId],
  };
}

/**
 * A job that must run on one node at a time (a scheduled pass, a delivery run): `run(job)` runs it
 * while holding a session lock and resolves undefined, without running it, while another node
 * holds the lock. Nodes started by mistake beside each other therefore skip rather than overlap.
 */
export type Exclusive = <T>(job: () => Promise<T>) => Promise<T | undefined>;

/** Runs jobs under a fresh session lock each time (`newLock`), released as soon as the job ends. */
export function exclusiveRunner(newLock: () => SessionLock): Exclusive {
  return async (job) => {
    const lock = newLock();
    try {
      if (!(await lock.tryAcquire())) return undefined;
      return await job();
    } finally {
      await lock.release();
    }
  };
}
