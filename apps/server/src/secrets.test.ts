import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirTokenSecret } from "./secrets.js";

describe("dataDirTokenSecret", () => {
  it("generates a private secret once per data folder and keeps it", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sb-secret-")), "data");
    const first = dataDirTokenSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(dataDirTokenSecret(dir)).toBe(first);
    expect(readFileSync(join(dir, "realtime-token-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, "realtime-token-secret")).mode & 0o077).toBe(0);
    const other = dataDirTokenSecret(mkdtempSync(join(tmpdir(), "sb-secret-")));
    expect(other).not.toBe(first);
  });
});
