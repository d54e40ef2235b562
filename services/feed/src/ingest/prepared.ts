import type { Executor } from "@sportsbook/db";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";

// A named statement: its text is rendered once, and PostgreSQL parses it once per connection (and,
// after a few executions, plans it once) instead of for every message; only the values travel.
// PGlite has no named statements in its client; there the same call runs the same text unnamed.

const dialect = new PgDialect();

type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: unknown }>;

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
