import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { HSTS, SECURITY_HEADERS, STATIC_ASSET_HEADERS } from "./security-headers.js";
import { createServer, type Server } from "./server.js";

async function boot(env: Record<string, string>): Promise<Server> {
  const server = await createServer({
    ...readConfig({
      SERVE_PAGES: "off",
      FEED_ENABLED: "off",
      DEMO_PLAYER: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(join(tmpdir(), "sb-headers-")),
      ...env,
    }),
    PORT: 0,
  });
  await server.start();
  return server;
}

describe("security headers on every answer", () => {
  let plain: Server;
  let proxied: Server;
  beforeAll(async () => {
    plain = await boot({});
    proxied = await boot({ TRUST_PROXY: "loopback" });
  }, 60_000);
  afterAll(async () => {
    await plain?.stop();
    await proxied?.stop();
  }, 30_000);

  it("nosniff, referrer and permissions policies on API answers, errors and unknown paths", async () => {
    for (const url of ["/api/sports", "/api/player/accounts", "/nothing-here", "/api/health"]) {
      const res = await plain.app.inject({ url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("only nosniff on the build's static files, whose documents carry the policies", async () => {
    const res = await plain.app.inject({ url: "/_next/static/chunks/main.js" });
    expect(res.headers).toMatchObject(STATIC_ASSET_HEADERS);
    expect(res.headers["referrer-policy"]).toBeUndefined();
    expect(res.headers["permissions-policy"]).toBeUndefined();
  });

  it("HSTS only when a trusted proxy says the request came over TLS", async () => {
    const tls = await proxied.app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers["strict-transport-security"]).toBe(HSTS);
    const clear = await proxied.app.inject({ url: "/api/health" });
    expect(clear.headers["strict-transport-security"]).toBeUndefined();
    const untrusted = await plain.app.inject({
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
  });
});
