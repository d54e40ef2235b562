import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ADMIN_EMAIL } from "@sportsbook/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startupBanner } from "./banner.js";
import { apiDocsOn, devConveniences, productionWarnings, readConfig } from "./config.js";
import { SECURITY_HEADERS } from "./security-headers.js";
import { createServer, type Server } from "./server.js";

describe("development conveniences (dev mailbox, demo sign-in, demo payments, demo player, host demo)", () => {
  it("are on by default only with the embedded database outside production; named on, they win", () => {
    expect(devConveniences(readConfig({}))).toEqual({
      devMailbox: true,
      demoMode: true,
      demoPlayer: true,
      demoAdmin: true,
      sandboxPayments: true,
      sandboxGames: true,
      hostDemo: true,
    });
    expect(devConveniences(readConfig({ NODE_ENV: "production" }))).toEqual({
      devMailbox: false,
      demoMode: false,
      demoPlayer: false,
      demoAdmin: false,
      sandboxPayments: false,
      sandboxGames: false,
      hostDemo: false,
    });
    expect(apiDocsOn(readConfig({}))).toBe(true);
    expect(apiDocsOn(readConfig({ NODE_ENV: "production" }))).toBe(false);
    expect(apiDocsOn(readConfig({ NODE_ENV: "production", API_DOCS: "on" }))).toBe(true);
    expect(apiDocsOn(readConfig({ API_DOCS: "off" }))).toBe(false);
    expect(devConveniences(readConfig({ DATABASE_URL: "postgres://db.example/book" })).devMailbox).toBe(
      false,
    );
    const named = readConfig({
      NODE_ENV: "production",
      DEV_MAILBOX: "on",
      DEMO_MODE: "off",
      DEMO_ADMIN: "on",
    });
    expect(devConveniences(named)).toEqual({
      devMailbox: true,
      demoMode: false,
      demoPlayer: false,
      demoAdmin: false,
      sandboxPayments: false,
      sandboxGames: false,
      hostDemo: false,
    });
    expect(productionWarnings(named)).toEqual([expect.stringContaining("DEV_MAILBOX=on")]);
    expect(productionWarnings(readConfig({ DEV_MAILBOX: "on" }))).toEqual([]);
  });
});

describe("NODE_ENV=production with the embedded database", () => {
  let server: Server;
  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        NODE_ENV: "production",
        SERVE_PAGES: "off",
        FEED_ENABLED: "off",
        LOG_LEVEL: "silent",
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-production-")),
      }),
      PORT: 0,
    });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("answers 404 on the dev mailbox, the demo sign-in and the API docs, and prepares no demo player", async () => {
    for (const [method, url] of [
      ["GET", "/api/dev/mailbox/messages"],
      ["GET", "/api/dev/mailbox"],
      ["POST", "/api/demo/sign-in"],
      ["GET", "/psp/checkout/cs_00000000000000000000000000000000"],
      ["POST", "/api/payments/callbacks/sandbox"],
      ["GET", "/api/docs"],
      ["GET", "/api/openapi.json"],
    ] as const) {
      const res = await server.app.inject({
        method,
        url,
        remoteAddress: "127.0.0.1",
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect(server.demoPlayer).toBeUndefined();
    expect(server.devMailbox).toBe(false);
  });

  it("has no staff account and prints no staff credentials", async () => {
    expect(server.demoAdmin).toBeUndefined();
    const banner = startupBanner({
      address: "http://0.0.0.0:3000",
      pages: true,
      apiDocs: false,
      devMailbox: false,
      demoAdmin: server.demoAdmin,
    });
    expect(banner).not.toMatch(/admin|otpauth|back office/i);
    const signIn = await server.app.inject({
      method: "POST",
      url: "/api/backoffice/session",
      payload: { email: DEMO_ADMIN_EMAIL, password: "anything 1", code: "123456" },
    });
    expect(signIn.statusCode).toBe(400);
  });
});

describe("the first admin's one-time command", () => {
  const run = (dataDir: string, email: string) =>
    spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "invite-admin.ts"), email], {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: "https://book.example" },
      encoding: "utf8",
    });

  it("prints an invitation link; a second run replaces it; a bad address is refused", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sb-invite-"));
    const first = run(dataDir, "boss@book.example");
    expect(first.status, first.stderr).toBe(0);
    const link = first.stdout.match(/https:\/\/book\.example\/backoffice\/invitation\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const second = run(dataDir, "boss@book.example");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).not.toContain(link);
    const bad = run(dataDir, "not an address");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("usage: invite-admin");
  }, 120_000);
});

describe("the dev mailbox, where it is on", () => {
  let server: Server;
  const key = "k".repeat(40);
  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        SERVE_PAGES: "off",
        FEED_ENABLED: "off",
        DEMO_PLAYER: "off",
        LOG_LEVEL: "silent",
        DEV_MAILBOX_KEY: key,
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-mailbox-")),
      }),
      PORT: 0,
    });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("answers this machine, or another one showing the operator key, and no one else", async () => {
    const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
      server.app.inject({ url: "/api/dev/mailbox/messages", remoteAddress, headers });
    expect((await read("127.0.0.1")).statusCode).toBe(200);
    expect((await read("::1")).statusCode).toBe(200);
    expect((await read("203.0.113.9")).statusCode).toBe(404);
    expect((await read("203.0.113.9", { "x-operator-key": "wrong" })).statusCode).toBe(404);
    expect((await read("203.0.113.9", { "x-operator-key": key })).statusCode).toBe(200);
  });
});

describe("API_DOCS=on with NODE_ENV=production", () => {
  let server: Server;
  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        NODE_ENV: "production",
        API_DOCS: "on",
        SERVE_PAGES: "off",
        FEED_ENABLED: "off",
        LOG_LEVEL: "silent",
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-docs-")),
      }),
      PORT: 0,
    });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("serves the reference with the pages' security headers, a policy that runs nothing and no framing elsewhere", async () => {
    const res = await server.app.inject({ url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("script-src");
    expect((await server.app.inject({ url: "/api/openapi.json" })).statusCode).toBe(200);
  });
});
