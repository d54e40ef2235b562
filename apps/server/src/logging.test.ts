import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { redactUrl } from "./logging.js";
import { createServer, type Server } from "./server.js";

describe("logs keep no secrets", () => {
  let server: Server;
  let log = "";
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    server = await createServer(
      {
        ...readConfig({
          SERVE_PAGES: "off",
          FEED_ENABLED: "off",
          DEMO_PLAYER: "off",
          LOG_LEVEL: "info",
          DATA_DIR: mkdtempSync(join(tmpdir(), "sb-logging-")),
        }),
        PORT: 0,
      },
      { logStream: stream },
    );
    await server.start();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("logs a database error by its code and message, never the query's parameters", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "players_email_key"'),
      {
        code: "23505",
      },
    );
    const wrapped = new Error(
      "Failed query: insert into players values ($1, $2)\nparams: secret@example.com,$argon2id$v=19$hash",
      {
        cause,
      },
    );
    server.app.log.error({ err: wrapped }, "probe");
    expect(log).toContain("23505");
    expect(log).not.toContain("secret@example.com");
    expect(log).not.toContain("$argon2id");
  });

  it("redacts every token query value of a URL", () => {
    expect(redactUrl("/users/password/edit?reset_password_token=abc&x=1")).toBe(
      "/users/password/edit?reset_password_token=[redacted]&x=1",
    );
    expect(redactUrl("/u?confirmation_token=s3cret#top")).toBe("/u?confirmation_token=[redacted]#top");
    expect(redactUrl("/live?sport=soccer")).toBe("/live?sport=soccer");
  });

  it("redacts e-mail addresses from query strings, plain or encoded", () => {
    expect(redactUrl("/api/dev/mailbox/messages?recipient=ann%40example.com&limit=5")).toBe(
      "/api/dev/mailbox/messages?recipient=[redacted]&limit=5",
    );
    expect(redactUrl("/users/sign-in?email=ann@example.com")).toBe("/users/sign-in?email=[redacted]");
  });

  it("a visit to an e-mail link, a session cookie and a signed-in session write none of their secrets", async () => {
    const secrets = ["RESETSECRET123", "CONFIRMSECRET456", "UNLOCKSECRET789", "COOKIESECRET000"];
    await server.app.inject({ url: `/users/password/edit?reset_password_token=${secrets[0]}` });
    await server.app.inject({
      url: `/api/player?confirmation_token=${secrets[1]}&unlock_token=${secrets[2]}`,
    });
    await server.app.inject({ url: "/api/player", headers: { cookie: `sb_session=${secrets[3]}` } });
    const signUp = await server.app.inject({
      method: "POST",
      url: "/api/player/sign-up",
      payload: {
        email: "logs@example.com",
        password: "a password to hide 1",
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(log).toContain("reset_password_token=[redacted]");
    for (const secret of [...secrets, "a password to hide 1", "$argon2"]) expect(log).not.toContain(secret);
  });
});
