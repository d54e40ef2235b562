import type { Database } from "@sportsbook/db";

/** What preparing needs of the context: the pool and the statements built for it. */
export interface StatementCache {
  db: Database;
  statements: Map<string, unknown>;
}

/**
 * A hot-path query built once per context and prepared under `name`: each call then skips
 * rebuilding its SQL, and PostgreSQL parses and plans it once per pooled connection. Only for
 * queries whose text never varies (lists go in as array parameters).
 */
export function prepared<T>(ctx: StatementCache, name: string, build: (db: Database) => T): T {
  let statement = ctx.statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(ctx.db);
    ctx.statements.set(name, statement);
  }
  return statement;
}
