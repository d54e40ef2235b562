import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStaticBrotli } from "./static-brotli.js";

const script = `console.log(${JSON.stringify("odds ".repeat(400))});`;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sb-static-"));
  mkdirSync(join(dir, "chunks", "app", "[locale]"), { recursive: true });
  // as the build leaves them (scripts/precompress-static.mjs): a brotli copy beside each file worth it
  for (const file of [
    join(dir, "chunks", "main-abc.js"),
    join(dir, "chunks", "app", "[locale]", "page-def.js"),
  ]) {
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
  }
  writeFileSync(join(dir, "chunks", "tiny.js"), "1");
  writeFileSync(
    join(dir, "secret.txt.br"),
    brotliCompressSync("outside the chunks is fine, outside the folder is not"),
  );
  app = Fastify();
  // the fallback stands for Next's handler: it says which path it was given
  serveStaticBrotli(app, join(dir, "chunks"), async (request, reply) => reply.code(299).send(request.url));
  await app.ready();
});

afterAll(() => app?.close());

const get = (url: string, encoding = "gzip, deflate, br") =>
  app.inject({ url, headers: { "accept-encoding": encoding } });

describe("static files in their build-time brotli copy", () => {
  it("sends the copy to a client that takes br, cached for a year, and it decodes to the file", async () => {
    for (const url of ["/_next/static/main-abc.js", "/_next/static/app/%5Blocale%5D/page-def.js"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
      expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    }
  });

  it("leaves to Next a client without br, a file without a copy, an unknown type, and paths that leave the folder", async () => {
    expect((await get("/_next/static/main-abc.js", "gzip")).statusCode).toBe(299);
    expect((await get("/_next/static/tiny.js")).statusCode).toBe(299);
    expect((await get("/_next/static/missing.js")).statusCode).toBe(299);
    expect((await get("/_next/static/main-abc.js.br")).statusCode).toBe(299);
    for (const url of [
      "/_next/static/../secret.txt",
      "/_next/static/%2e%2e/secret.txt",
      "/_next/static/a/..%2f..%2fsecret.txt",
    ]) {
      const res = await get(url);
      expect(res.headers["content-encoding"], url).toBeUndefined();
    }
  });
});
