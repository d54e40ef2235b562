import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

let server: Server;

beforeAll(async () => {
  server = await createServer({
    ...readConfig({
      SERVE_PAGES: "off",
      FEED_MATCHES: "6",
      DEMO_PLAYER: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(join(tmpdir(), "sb-compress-")),
    }),
    PORT: 0,
  });
  await server.start();
}, 60_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

describe("API answers are compressed", () => {
  it("with br when the client takes it, gzip otherwise, and the body is the same JSON", async () => {
    const plain = await server.app.inject({ url: "/api/openapi.json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await server.app.inject({
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    const gz = await server.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("small answers are sent as they are", async () => {
    const res = await server.app.inject({ url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });
});
