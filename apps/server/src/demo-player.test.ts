import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { devConveniences, readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

const started: Server[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
}, 30_000);

/** The cookies a response set, as the Cookie header of the next request. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function boot(dataDir: string, env: Record<string, string> = {}) {
  const server = await createServer({
    ...readConfig({
      SERVE_PAGES: "off",
      FEED_ENABLED: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      ...env,
    }),
    PORT: 0,
  });
  started.push(server);
  return { server, address: await server.start() };
}

const demoPlayer = (config: ReturnType<typeof readConfig>) => devConveniences(config).demoPlayer;

describe("demo player at start-up", () => {
  it("is on with the embedded database, off with NODE_ENV=production or DATABASE_URL unless asked", () => {
    expect(demoPlayer(readConfig({}))).toBe(true);
    expect(demoPlayer(readConfig({ DEMO_PLAYER: "off" }))).toBe(false);
    expect(demoPlayer(readConfig({ NODE_ENV: "production" }))).toBe(false);
    expect(demoPlayer(readConfig({ NODE_ENV: "production", DEMO_PLAYER: "on" }))).toBe(true);
    expect(demoPlayer(readConfig({ DATABASE_URL: "postgres://db.example/book" }))).toBe(false);
    expect(() => readConfig({ DEMO_PLAYER_PASSWORD: "short" })).toThrow(/DEMO_PLAYER_PASSWORD/);
  });

  it("signs in with the credentials start-up reports, funded once; a restart keeps password and balance", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sb-demo-player-"));
    const first = await boot(dataDir);
    const demo = first.server.demoPlayer;
    expect(demo?.email).toBe("demo@sportsbook.local");
    expect(demo?.password).toBe(readFileSync(join(dataDir, "demo-player-password"), "utf8").trim());
    expect(first.server.devMailbox).toBe(true);

    const signIn = await fetch(`${first.address}/api/player/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demo?.email, password: demo?.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    const accounts = await fetch(`${first.address}/api/player/accounts`, { headers: { cookie } });
    const list = ((await accounts.json()) as { data: { currency: string; balance: number }[] }).data;
    expect(list.map((a) => [a.currency, a.balance])).toEqual([["EUR", 1_000_00]]);
    await first.server.stop();
    started.length = 0;

    const second = await boot(dataDir);
    expect(second.server.demoPlayer).toEqual(demo);
    const again = await fetch(`${second.address}/api/player/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demo?.email, password: demo?.password }),
    });
    expect(again.status).toBe(200);
    const cookie2 = cookieOf(again);
    const after = await fetch(`${second.address}/api/player/accounts`, { headers: { cookie: cookie2 } });
    const list2 = ((await after.json()) as { data: { balance: number }[] }).data;
    expect(list2.map((a) => a.balance)).toEqual([1_000_00]);
  }, 60_000);

  it("signs the demo sign-in into the player DEMO_PLAYER_EMAIL names", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sb-demo-email-"));
    const { server, address } = await boot(dataDir, { DEMO_PLAYER_EMAIL: "Tester@Example.com" });
    expect(server.demoPlayer?.email).toBe("tester@example.com");
    const demo = await fetch(`${address}/api/demo/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(demo.status).toBe(200);
    const cookie = cookieOf(demo);
    const player = (await (await fetch(`${address}/api/player`, { headers: { cookie } })).json()) as {
      data?: { email?: string };
      email?: string;
    };
    expect(player.data?.email ?? player.email).toBe("tester@example.com");
  }, 60_000);

  it("creates no demo player with DEMO_PLAYER=off", async () => {
    const { server, address } = await boot(mkdtempSync(join(tmpdir(), "sb-demo-off-")), {
      DEMO_PLAYER: "off",
    });
    expect(server.demoPlayer).toBeUndefined();
    const signIn = await fetch(`${address}/api/player/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@sportsbook.local", password: "any-password-1" }),
    });
    expect(signIn.status).toBe(400);
  }, 60_000);
});
