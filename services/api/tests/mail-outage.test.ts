import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { LinkStatus } from "@sportsbook/contracts";
import { outbox } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailDispatcher, mailDispatcher } from "../src/mail/dispatcher.js";
import { httpSmsGateway } from "../src/mail/sms.js";
import { type AccountsHarness, registeredPlayer, startAccounts } from "./identity-harness.js";

const [pglite] = databaseTargets();
type Mode = "ok" | "slow" | "403" | "500";

/** A request every 100 ms through the API while the gateway misbehaves; every answer must be a 200. */
function keepAsking(h: AccountsHarness) {
  let asking = true;
  const result = { ok: 0, failed: [] as string[] };
  const loop = (async () => {
    while (asking) {
      const res = await h.api.app.inject("/api/sports");
      if (res.statusCode === 200) result.ok++;
      else result.failed.push(`${res.statusCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      asking = false;
      await loop;
      return result;
    },
  };
}

describe.skipIf(!pglite)("an SMS gateway that times out or answers 403/500 fails into its own part", () => {
  let mode: Mode = "ok";
  const held: (() => void)[] = [];
  let server: Server;
  let h: AccountsHarness;
  let d: MailDispatcher;
  const told: { channel: string; status: LinkStatus }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        if (mode === "slow") {
          // answers only once the test is over: the client's timeout must end the wait
          held.push(() => res.writeHead(200).end(JSON.stringify({ id: "late" })));
          return;
        }
        if (mode === "403") return res.writeHead(403).end(JSON.stringify({ error: "bad api key" }));
        if (mode === "500") return res.writeHead(500).end(JSON.stringify({ error: "carrier down" }));
        res.writeHead(200).end(JSON.stringify({ id: "m1", status: "queued" }));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    h = await startAccounts(
      pglite as NonNullable<typeof pglite>,
      "mail_outage",
      { smsGateway: httpSmsGateway({ url: `http://127.0.0.1:${address.port}/sms`, timeoutMs: 200 }) },
      { roll: (n) => Math.floor(n / 2) },
    );
    d = mailDispatcher(h.api.ctx);
    d.onChannelChange((channel, status) => told.push({ channel, status }));
  });
  afterAll(async () => {
    for (const answer of held) answer();
    await d?.stop();
    await h?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  let phones = 0;
  async function askCode(): Promise<string> {
    phones++;
    const phone = `+49151000010${phones.toString().padStart(2, "0")}`;
    const s = await registeredPlayer(h, `outage${phones}@example.com`);
    const asked = await h.api.app.inject({
      method: "POST",
      url: "/api/player/phone-verification/code",
      headers: s.headers,
      payload: { phone },
    });
    expect(asked.statusCode).toBe(200);
    return phone;
  }
  const row = async (phone: string) =>
    (await h.handle.db.select().from(outbox).where(eq(outbox.recipient, phone)))[0];

  it("answering 500: told once, the gateway waits its backoff, and delivery resumes after it", async () => {
    const asking = keepAsking(h);
    mode = "500";
    const first = await askCode();
    await d.runDue();
    expect(d.links().sms).toMatchObject({ state: "down" });
    expect(d.links().sms?.cause).toContain("answered 500");
    const attempts = (await row(first))?.attempts ?? 0;
    expect(attempts).toBeGreaterThanOrEqual(1);
    // within the backoff, background runs pass the gateway over: no attempt, no word
    await d.runDue();
    await d.runDue();
    expect((await row(first))?.attempts).toBe(attempts);
    expect(told.filter((t) => t.status.state === "down")).toHaveLength(1);

    mode = "ok";
    h.advance(60);
    await d.runDue();
    expect((await row(first))?.sentAt).not.toBeNull();
    expect(d.links().sms?.state).toBe("up");
    expect(told.at(-1)?.status.state).toBe("up");
    const answered = await asking.stop();
    expect(answered.failed).toEqual([]);
  });

  it("answering 403: a refusal naming SMS_URL, tried again only after a minute", async () => {
    mode = "403";
    const phone = await askCode();
    await d.runDue();
    expect(d.links().sms).toMatchObject({ state: "down", refused: true });
    expect(d.links().sms?.cause).toMatch(/answered 403.*check SMS_URL/);
    const attempts = (await row(phone))?.attempts ?? 0;
    h.advance(30);
    await d.runDue();
    expect((await row(phone))?.attempts).toBe(attempts);
    mode = "ok";
    h.advance(40);
    await d.runDue();
    expect((await row(phone))?.sentAt).not.toBeNull();
  });

  it("timing out: the wait ends at the client's timeout and is told as such", async () => {
    mode = "slow";
    const phone = await askCode();
    await d.runDue();
    expect(d.links().sms?.cause).toContain("timed out");
    expect((await row(phone))?.sentAt).toBeNull();
    mode = "ok";
    h.advance(60);
    await d.runDue();
    expect((await row(phone))?.sentAt).not.toBeNull();
  });
});
