import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

/** A node without pages, feed or jobs, on a fresh data directory. */
function node(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "sb-site-settings-"));
  return {
    dir,
    start: (more: Record<string, string> = {}) =>
      createServer({
        ...readConfig({
          SERVE_PAGES: "off",
          LOG_LEVEL: "silent",
          HOST: "127.0.0.1",
          DATA_DIR: dir,
          FEED_ENABLED: "off",
          HOUSEKEEPING_INTERVAL_SECONDS: "0",
          DEMO_PLAYER: "off",
          HOST_DEMO: "off",
          ...env,
          ...more,
        }),
        PORT: 0,
      }),
  };
}

describe("the site settings file at start", () => {
  const started: Server[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  it("stops the start on a mistyped path or an invalid document, naming the problem", async () => {
    const n = node({});
    await expect(n.start({ SITE_SETTINGS_FILE: join(n.dir, "site-setings.json") })).rejects.toThrow(
      /cannot be read/,
    );
    const bad = join(n.dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ theme: "purple" }));
    await expect(n.start({ SITE_SETTINGS_FILE: bad })).rejects.toThrow(/invalid \(theme: /);
  }, 120_000);

  it("imports a valid file as the published version the pages read", async () => {
    const n = node({});
    const file = join(n.dir, "site-settings.json");
    writeFileSync(file, JSON.stringify({ siteName: "Imported book" }));
    const server = await n.start();
    started.push(server);
    const address = await server.start();
    const res = await fetch(`${address}/api/site-settings`);
    expect(await res.json()).toEqual({ data: { version: 1, document: { siteName: "Imported book" } } });
    expect(res.headers.get("etag")).toBe('"1"');
  }, 120_000);
});
