import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "./database.js";

/** A database a test suite runs against: PGlite always, PostgreSQL when `TEST_DATABASE_URL` is set. */
export interface DatabaseTarget {
  kind: "pglite" | "postgres";
  /** True when the target is not configured; suites use `describe.skipIf(target.skip)`. */
  skip: boolean;
  open(label: string): Promise<DatabaseHandle>;
}

/** The targets of database suites, read from `TEST_DATABASE_URL`. */
export function databaseTargets(env: NodeJS.ProcessEnv = process.env): DatabaseTarget[] {
  const url = env.TEST_DATABASE_URL;
  return [
    { kind: "pglite", skip: false, open: () => openDatabase({ dataDir: "memory://" }) },
    { kind: "postgres", skip: !url, open: (label) => openScratchPostgres(url ?? "", label) },
  ];
}

/**
 * Creates a throw-away database next to `baseUrl` (one per suite, so suites run in parallel without
 * seeing each other's rows), migrates it, and drops it on close.
 */
export async function openScratchPostgres(
  baseUrl: string,
  label: string,
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const name = `sb_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
