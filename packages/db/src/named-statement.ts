import { PGlite, parse, protocol, types } from "@electric-sql/pglite";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Executor } from "./database.js";

// A named statement: its text is rendered once, and the database parses it once per connection (and,
// after a few executions, plans it once) instead of for every call; only the values travel.
//
// On PostgreSQL the driver names it on each pooled connection. PGlite's client parses every query
// as an unnamed statement, so there the statement is named with PGlite's own protocol messages:
// parsed once per PGlite, then bound and executed by name. Parsing and planning a large statement
// in PGlite cost several times its execution (the feed's odds write: 1.5 ms unnamed, 0.2 ms named,
// nothing written). Inside an open PGlite transaction the text runs unnamed, through the
// transaction.

const dialect = new PgDialect();

type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: unknown }>;

export interface NamedStatement {
  /** Runs the statement with the values of its `sql.placeholder(…)`s; answers the driver's result. */
  run(ex: Executor, values: Record<string, unknown>): Promise<unknown>;
}

/** Timestamps and dates come back as text, as drizzle's own PGlite queries answer them. */
const AS_TEXT = (value: string) => value;
const PGLITE_RESULT = {
  rowMode: "object" as const,
  parsers: {
    [types.TIMESTAMP]: AS_TEXT,
    [types.TIMESTAMPTZ]: AS_TEXT,
    [types.INTERVAL]: AS_TEXT,
    [types.DATE]: AS_TEXT,
  },
};

/** The PGlite a drizzle executor queries directly (not through an open transaction), if any. */
function pgliteOf(ex: Executor): PGlite | undefined {
  const client = (ex._.session as unknown as { client?: unknown }).client;
  return client instanceof PGlite ? client : undefined;
}

/** A value as its text for the protocol's bind message (as node-postgres sends it). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : String(value);
}

async function runOnPglite(
  pg: PGlite,
  parsed: WeakSet<PGlite>,
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown> {
  const { serialize } = protocol;
  const noSync = { syncToFs: false };
  // what `query` holds: no transaction of another caller open, and no other query in between
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const messages: Parameters<typeof parse.parseResults>[0] = [];
      try {
        if (!parsed.has(pg)) {
          await pg.execProtocol(serialize.parse({ name, text, types: [] }), noSync);
          parsed.add(pg);
        }
        const bound = serialize.bind({ statement: name, values: values.map(asText) });
        messages.push(...(await pg.execProtocol(bound, noSync)).messages);
        messages.push(...(await pg.execProtocol(serialize.describe({ type: "P" }), noSync)).messages);
        messages.push(...(await pg.execProtocol(serialize.execute({}), noSync)).messages);
      } finally {
        // ends the implicit transaction (and, after an error, its abort); writes a file-backed PGlite
        messages.push(...(await pg.execProtocol(serialize.sync())).messages);
      }
      return parse.parseResults(messages, pg.parsers, PGLITE_RESULT)[0];
    }),
  );
}

/**
 * A statement whose text never changes, its varying parts written as `sql.placeholder(name)`. The
 * name must be unique in the process: a connection keeps each name's text for its lifetime.
 */
export function namedStatement(name: string, statement: SQL): NamedStatement {
  const query = dialect.sqlToQuery(statement);
  // one prepared query per session (the pool's, or a transaction's): building it is the driver's
  // per-call work this saves too
  const bySession = new WeakMap<object, Prepared>();
  const parsedBy = new WeakSet<PGlite>();
  return {
    run(ex, values) {
      const pg = pgliteOf(ex);
      if (pg) return runOnPglite(pg, parsedBy, name, query.sql, fillPlaceholders(query.params, values));
      let prepared = bySession.get(ex._.session);
      if (!prepared) {
        prepared = ex._.session.prepareQuery<PreparedQueryConfig & { execute: unknown }>(
          query,
          undefined,
          name,
          false,
        );
        bySession.set(ex._.session, prepared);
      }
      return prepared.execute(values);
    },
  };
}
