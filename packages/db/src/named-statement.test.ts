import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "./database.js";
import { namedStatement } from "./named-statement.js";
import { openScratchPostgres } from "./testing.js";

const url = process.env.TEST_DATABASE_URL;

const SUM = namedStatement(
  "t_named_sum",
  sql`select ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int as n,
    ${sql.placeholder("doc")}::json ->> 'name' as name, now()::timestamptz as at`,
);
const DIVIDE = namedStatement("t_named_divide", sql`select 10 / ${sql.placeholder("by")}::int as n`);

const kinds = [
  ["pglite", () => openDatabase({ dataDir: "memory://", migrate: false })],
  ["postgres", () => openScratchPostgres(url ?? "", "named_statement", { poolSize: 1 })],
] as const;

describe.each(kinds)("a named statement on %s", (kind, open) => {
  const skip = kind === "postgres" && !url;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    if (!skip) handle = await open();
  });
  afterAll(async () => {
    if (!skip) await handle.close();
  });

  it.skipIf(skip)("answers each call's values, parsed once whatever they are", async () => {
    const sum = async (a: number, b: number | null) =>
      rowsOf<{ n: number | null; name: string; at: string | Date }>(
        await SUM.run(handle.db, { a, b, doc: JSON.stringify({ name: `sum ${a}` }) }),
      );
    const [first] = await sum(1, 2);
    expect(first).toMatchObject({ n: 3, name: "sum 1" });
    expect(Number.isNaN(new Date(first?.at ?? "").getTime())).toBe(false);
    expect(await sum(40, 2)).toMatchObject([{ n: 42, name: "sum 40" }]);
    expect(await sum(5, null)).toMatchObject([{ n: null }]);
    const prepared = rowsOf<{ name: string }>(
      await handle.db.execute(sql`select name from pg_prepared_statements where name = 't_named_sum'`),
    );
    expect(prepared).toHaveLength(1);
  });

  it.skipIf(skip)("fails alone: the next statement runs on a clean session", async () => {
    const failed = await DIVIDE.run(handle.db, { by: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // drizzle's driver wraps the database's error, PGlite's protocol answers it as it is
    const reason = failed instanceof Error && failed.cause instanceof Error ? failed.cause : failed;
    expect(reason).toMatchObject({ message: "division by zero", code: "22012" });
    expect(rowsOf<{ n: number }>(await DIVIDE.run(handle.db, { by: 5 }))).toEqual([{ n: 2 }]);
    expect(rowsOf(await handle.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it.skipIf(skip)("runs inside a transaction, as part of it", async () => {
    const rolledBack = handle.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table t_named_tx (n int)`);
      const [row] = rowsOf<{ n: number }>(await SUM.run(tx, { a: 2, b: 3, doc: "{}" }));
      await tx.execute(sql`insert into t_named_tx values (${row?.n ?? 0})`);
      const [seen] = rowsOf<{ n: number }>(await tx.execute(sql`select n from t_named_tx`));
      expect(seen?.n).toBe(5);
      throw new Error("roll back");
    });
    await expect(rolledBack).rejects.toThrow("roll back");
    const left = rowsOf(await handle.db.execute(sql`select 1 from pg_class where relname = 't_named_tx'`));
    expect(left).toEqual([]);
  });
});
