import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";
import {
  type LockKey,
  lockHolderQuery,
  postgresSessionLock,
  processSessionLock,
  type SessionLock,
} from "./session-lock.js";

export type Schema = typeof schema;
/** The query layer, identical for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: functions taking it compose into a caller's transaction. */
export type Executor = Database | Transaction;

/** The rows of a raw `execute(sql…)` (both drivers answer `{ rows }`); bigint columns come as strings. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One column of many rows as a single array parameter, to read with `unnest(…)`: a multi-row write
 * whose statement neither grows nor costs more to build with its row count.
 */
export function arrayParam(
  values: readonly unknown[],
  type: "int" | "bigint" | "smallint" | "text" | "boolean" | "timestamptz",
): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}

/**
 * Connections in the PostgreSQL pool unless configured. Few connections serve a PostgreSQL of a few
 * cores best: queries wait their turn in the pool, not as runnable backends competing for the CPU
 * (`bench/api-bet-placement.bench.ts`: with 10 rather than 50 connections the paced p99 falls from
 * about a second to tens of milliseconds at the same throughput).
 */
export const DEFAULT_POOL_SIZE = 10;

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throw-away one. */
  dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number | undefined;
  /** Apply pending migrations while opening (default true). */
  migrate?: boolean | undefined;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs a cheap query; used by readiness checks. */
  ping(): Promise<void>;
  /** A lock held by this node's session (see `SessionLock`); `holder` names the node to the others. */
  sessionLock(key: LockKey, holder: string): SessionLock;
  /** The name of the node holding a session lock, if any node holds it. */
  lockHolder(key: LockKey): Promise<string | null>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

// PostgreSQL bigint (int8) and numeric come back as strings by default; the schema maps them
// explicitly, but raw aggregate queries (sum/count) should read as numbers too.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * PGlite's own start parameters, and new WAL files not filled with zeros first. PGlite runs in the
 * caller's thread, so the 16 MB a new WAL file was zero-filled with stopped everything for tens of
 * milliseconds whenever the WAL moved on to the next file: the feed's prices waited behind it (p99
 * from entry to publication at 400 msg/s 44–48 ms with the zeros, 26–29 ms without). The zeros only
 * reserve disk space ahead (PostgreSQL's `wal_init_zero`); PGlite runs without fsync anyway.
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, "-c", "wal_init_zero=off"] };

/**
 * Opens the database named by the config (PostgreSQL when `databaseUrl` is set, else PGlite in
 * `dataDir`) and brings its schema up to date.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const shouldMigrate = config.migrate ?? true;
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? DEFAULT_POOL_SIZE,
    });
    // An idle client losing its server connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema });
    if (shouldMigrate) await migrateNodePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      async ping() {
        await pool.query("select 1");
      },
      sessionLock: (key, holder) => postgresSessionLock(config.databaseUrl ?? "", key, holder),
      async lockHolder(key) {
        const r = await pool.query<{ holder: string }>(lockHolderQuery(key));
        return r.rows[0]?.holder ?? null;
      },
      async close() {
        await pool.end();
      },
    };
  }
  const dataDir = config.dataDir ?? "memory://";
  let client: PGlite;
  if (dataDir.startsWith("memory://")) client = new PGlite(dataDir, PGLITE_OPTIONS);
  else {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, PGLITE_OPTIONS);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  // the process is the only node, so its locks are held in memory: by key, the holder's name
  const held = new Map<string, { holder: string; lock: SessionLock }>();
  const keyOf = (key: LockKey) => `${key.classId}/${key.objId}`;
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    sessionLock(key, holder) {
      const lock = processSessionLock();
      return {
        ...lock,
        async tryAcquire() {
          const other = held.get(keyOf(key));
          if (other && other.lock !== lock) return false;
          held.set(keyOf(key), { holder, lock });
          return lock.tryAcquire();
        },
        async release() {
          if (held.get(keyOf(key))?.lock === lock) held.delete(keyOf(key));
          await lock.release();
        },
      };
    },
    async lockHolder(key) {
      return held.get(keyOf(key))?.holder ?? null;
    },
    async close() {
      await client.close();
    },
  };
}
