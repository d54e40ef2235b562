import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressStatic } from "../scripts/precompress-static.mjs";

describe("precompressing the web build's static files", () => {
  it("writes a brotli copy beside each script and stylesheet worth it, in every folder, decoding to the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "sb-precompress-"));
    mkdirSync(join(dir, "chunks", "app"), { recursive: true });
    const script = `export const odds = ${JSON.stringify("1.85 ".repeat(500))};`;
    writeFileSync(join(dir, "chunks", "app", "page.js"), script);
    writeFileSync(join(dir, "chunks", "style.css"), `.odds{color:red}`.repeat(200));
    writeFileSync(join(dir, "chunks", "tiny.js"), "1");
    writeFileSync(join(dir, "chunks", "font.woff2"), "binary already compressed");
    expect(precompressStatic(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, "chunks", "app", "page.js.br"))).toString()).toBe(
      script,
    );
    expect(existsSync(join(dir, "chunks", "style.css.br"))).toBe(true);
    // not worth it, or not compressible
    expect(existsSync(join(dir, "chunks", "tiny.js.br"))).toBe(false);
    expect(existsSync(join(dir, "chunks", "font.woff2.br"))).toBe(false);
  });
});
