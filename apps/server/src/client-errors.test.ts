import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

describe("a request the parser refuses", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        SERVE_PAGES: "off",
        FEED_ENABLED: "off",
        DEMO_PLAYER: "off",
        LOG_LEVEL: "silent",
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-431-")),
      }),
      PORT: 0,
      HOST: "127.0.0.1",
    });
    base = (await server.start()).replace("0.0.0.0", "127.0.0.1");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  // fetch keeps connections alive and reuses them: a 431 that leaves its connection looking open
  // makes the next request on it fail.
  it("431 on a header too long says Connection: close, and a keep-alive client's next request succeeds", async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const refused = await fetch(`${base}/api/health`, { headers: { "x-big": "a".repeat(20_000) } });
    expect(refused.status).toBe(431);
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toMatchObject({ statusCode: 431 });
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it("431 on a URL too long closes as cleanly", async () => {
    const refused = await fetch(`${base}/api/health?q=${"b".repeat(20_000)}`);
    expect(refused.status).toBe(431);
    expect(refused.headers.get("connection")).toBe("close");
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
