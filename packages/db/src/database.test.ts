import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "./database.js";

describe("the embedded PGlite", () => {
  const dir = mkdtempSync(join(tmpdir(), "sportsbook-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["in memory", "memory://"],
    ["in a directory", dir],
  ])("%s starts with PGlite's own parameters and new WAL files not zero-filled", async (_, dataDir) => {
    const handle = await openDatabase({ dataDir, migrate: false });
    try {
      const setting = async (name: string) =>
        rowsOf<{ s: string }>(await handle.db.execute(sql`select current_setting(${name}) as s`))[0]?.s;
      expect(await setting("wal_init_zero")).toBe("off");
      // two of PGlite's defaults, which the parameters above extend rather than replace
      expect(await setting("search_path")).toBe("public");
      expect(await setting("fsync")).toBe("off");
    } finally {
      await handle.close();
    }
  });
});
