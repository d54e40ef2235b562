import { createHash } from "node:crypto";
import type { Executor } from "@sportsbook/db";
import type { Query, SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";

// A named statement: its text is rendered once, and PostgreSQL parses it once per connection (and,
// after a few executions, plans it once) instead of for every message; only the values travel.
// PGlite has no named statements in its client; there the same call runs the same text unnamed.

const dialect = new PgDialect();

type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: unknown }>;

/** The driver's prepared query for `query` under `name`, on the executor's session. */
function prepare(ex: Executor, query: Query, name: string): Prepared {
  return ex._.session.prepareQuery<PreparedQueryConfig & { execute: unknown }>(query, undefined, name, false);
}

export interface NamedStatement {
  /** Runs the statement with the values of its `sql.placeholder(…)`s; answers the driver's result. */
  run(ex: Executor, values: Record<string, unknown>): Promise<unknown>;
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
  return {
    run(ex, values) {
      let prepared = bySession.get(ex._.session);
      if (!prepared) {
        prepared = prepare(ex, query, name);
        bySession.set(ex._.session, prepared);
      }
      return prepared.execute(values);
    },
  };
}

/**
 * Runs a statement whose values vary but whose text takes only a few shapes, as a statement named
 * after its text: each PostgreSQL connection parses it once per shape. The name comes from the text
 * itself, so a shape never reuses another's name; a statement whose text carries values would leave
 * a prepared statement per call on every connection, so it is meant for texts built from
 * parameters only.
 */
export function runNamedByText(ex: Executor, prefix: string, statement: SQL): Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  const name = `${prefix}_${createHash("sha1").update(query.sql).digest("base64url").slice(0, 16)}`;
  return prepare(ex, query, name).execute();
}
