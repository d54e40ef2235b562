import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

describe("TRUST_PROXY names the proxies to believe, never everyone", () => {
  it("takes off, or addresses, CIDRs and named ranges", () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(readConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,fd00::/8" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
  });

  it("refuses the old `on` at start-up, naming the forms that replace it", () => {
    expect(() => readConfig({ TRUST_PROXY: "on" })).toThrow(
      /TRUST_PROXY: "on" trusted every sender and is no longer accepted; name the proxies in front: .*CIDR/,
    );
  });

  it("refuses a hop count, which cannot tell the proxy from a client that came straight in", () => {
    expect(() => readConfig({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY: a hop count cannot tell/);
  });

  it("refuses anything that is not an address, a CIDR or a named range", () => {
    for (const value of ["true", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "proxy.example", ""]) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("behind one trusted proxy (TRUST_PROXY=10.0.0.2,loopback)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        TRUST_PROXY: "10.0.0.2,loopback",
        SIGN_UPS_PER_IP_PER_HOUR: "2",
        SERVE_PAGES: "off",
        FEED_ENABLED: "off",
        DEMO_PLAYER: "off",
        DEV_MAILBOX: "on",
        LOG_LEVEL: "silent",
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-proxy-")),
      }),
      PORT: 0,
    });
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    server.app.inject({ url: "/api/dev/mailbox/messages", remoteAddress, headers });

  it("a forged X-Forwarded-For from another machine cannot open the dev mailbox", async () => {
    expect((await mailbox("203.0.113.9", { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(404);
    expect((await mailbox("203.0.113.9", { "x-forwarded-for": "::1, 127.0.0.1" })).statusCode).toBe(404);
    // Nor through the trusted proxy, which appends the address it saw.
    expect((await mailbox("10.0.0.2", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" })).statusCode).toBe(404);
  });

  it("a request relayed by a proxy on this machine is not from this machine", async () => {
    expect((await mailbox("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(404);
    expect((await mailbox("127.0.0.1", { forwarded: "for=203.0.113.9" })).statusCode).toBe(404);
    expect((await mailbox("127.0.0.1")).statusCode).toBe(200);
  });

  it("keys the sign-up limit on the client the proxy saw, whatever the client claims before it", async () => {
    const signUp = (n: number, claimed: string, client: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/player/sign-up",
        remoteAddress: "10.0.0.2",
        // The proxy appends the address it saw after whatever the client sent.
        headers: { "x-forwarded-for": `${claimed}, ${client}` },
        payload: {
          email: `proxied${n}@example.com`,
          password: "correct horse 1",
          terms_accepted: true,
          date_of_birth: "1990-04-12",
        },
      });
    expect((await signUp(1, "198.51.100.1", "203.0.113.9")).statusCode).toBe(200);
    expect((await signUp(2, "198.51.100.2", "203.0.113.9")).statusCode).toBe(200);
    const third = await signUp(3, "198.51.100.3", "203.0.113.9");
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ code: 1103 });
    // Another client behind the same proxy has a budget of its own: the key is not the proxy.
    expect((await signUp(4, "198.51.100.3", "203.0.113.10")).statusCode).toBe(200);
    // A client that skips the proxy is keyed on its own address, whatever it forwards.
    const direct = (n: number, claimed: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/player/sign-up",
        remoteAddress: "198.51.100.77",
        headers: { "x-forwarded-for": claimed },
        payload: {
          email: `direct${n}@example.com`,
          password: "correct horse 1",
          terms_accepted: true,
          date_of_birth: "1990-04-12",
        },
      });
    expect((await direct(1, "192.0.2.1")).statusCode).toBe(200);
    expect((await direct(2, "192.0.2.2")).statusCode).toBe(200);
    expect((await direct(3, "192.0.2.3")).statusCode).toBe(403);
  });
});
