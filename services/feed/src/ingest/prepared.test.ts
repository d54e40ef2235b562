import { rowsOf } from "@sportsbook/db";
import { openScratchPostgres } from "@sportsbook/db/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runNamedByText } from "./prepared.js";

const url = process.env.TEST_DATABASE_URL;

// PGlite runs them as plain statements; the ingest suites run every fixture through it there
describe("statements named after their text", () => {
  it.skipIf(!url)("are parsed once per shape on a PostgreSQL connection, whatever their values", async () => {
    // one connection, so the session's prepared statements are the ones these calls made
    const handle = await openScratchPostgres(url ?? "", "feed_prepared", { poolSize: 1 });
    try {
      const sum = async (a: number, b: number) =>
        rowsOf<{ n: number }>(
          await runNamedByText(handle.db, "t_sum", sql`select ${a}::int + ${b}::int as n`),
        );
      expect(await sum(1, 2)).toEqual([{ n: 3 }]);
      expect(await sum(40, 2)).toEqual([{ n: 42 }]);
      const other = rowsOf<{ n: number }>(
        await runNamedByText(handle.db, "t_sum", sql`select ${5}::int * ${6}::int as n`),
      );
      expect(other).toEqual([{ n: 30 }]);
      const prepared = rowsOf<{ name: string }>(
        await handle.db.execute(
          sql`select name from pg_prepared_statements where name like 't_sum_%' order by name`,
        ),
      );
      // two shapes, two statements: the second sum reused the first's
      expect(prepared).toHaveLength(2);
      expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
    } finally {
      await handle.close();
    }
  });
});
