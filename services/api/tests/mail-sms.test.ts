import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { outbox } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDispatcher } from "../src/mail/dispatcher.js";
import { type AccountsHarness, body, mailbox, registeredPlayer, startAccounts } from "./identity-harness.js";

interface Received {
  authorization: string | undefined;
  payload: { to: string; text: string; from?: string };
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`SMS delivery through an HTTP gateway (${target.kind})`, () => {
    const received: Received[] = [];
    let down = false;
    let server: Server;
    let h: AccountsHarness;

    beforeAll(async () => {
      server = createServer((req, res) => {
        let raw = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => {
          raw += chunk;
        });
        req.on("end", () => {
          res.setHeader("content-type", "application/json");
          if (down) {
            res.writeHead(502).end(JSON.stringify({ error: "upstream carrier unavailable" }));
            return;
          }
          received.push({ authorization: req.headers.authorization, payload: JSON.parse(raw) });
          res.writeHead(200).end(JSON.stringify({ id: `m${received.length}`, status: "queued" }));
        });
      });
      server.listen(0, "127.0.0.1");
      await once(server, "listening");
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("no port");
      h = await startAccounts(target, "mail_sms", {
        smsUrl: `http://book:gateway-key@127.0.0.1:${address.port}/sms`,
        smsFrom: "Book",
      });
    });
    afterAll(async () => {
      await mailDispatcher(h.api.ctx).stop();
      await h.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("delivers the phone verification code through SMS_URL; the player verifies with it", async () => {
      const s = await registeredPlayer(h, "sms@example.com");
      const asked = await h.api.app.inject({
        method: "POST",
        url: "/api/player/phone-verification/code",
        headers: s.headers,
        payload: { phone: "+4915112345678" },
      });
      expect(asked.statusCode).toBe(200);
      await mailDispatcher(h.api.ctx).flush();

      const sms = received.find((r) => r.payload.to === "+4915112345678");
      expect(sms?.authorization).toBe(`Basic ${Buffer.from("book:gateway-key").toString("base64")}`);
      expect(sms?.payload.from).toBe("Book");
      const code = sms?.payload.text.match(/\b(\d{6})\b/)?.[1];
      expect(code).toBeDefined();
      const [row] = await h.handle.db.select().from(outbox).where(eq(outbox.recipient, "+4915112345678"));
      expect(row?.sentAt).not.toBeNull();
      // The development mailbox still lists what was sent.
      expect((await mailbox(h, "+4915112345678"))[0]?.channel).toBe("sms");

      const verified = await h.api.app.inject({
        method: "POST",
        url: "/api/player/phone-verification",
        headers: s.headers,
        payload: { code },
      });
      expect(verified.statusCode).toBe(200);
      const status = await h.api.app.inject({
        method: "GET",
        url: "/api/player/phone-verification",
        headers: s.headers,
      });
      expect(body<{ data: { is_verified: boolean } }>(status).data.is_verified).toBe(true);
    });

    it("keeps a refused SMS in the outbox with the gateway's reason and delivers it on a later run", async () => {
      const s = await registeredPlayer(h, "retry@example.com");
      down = true;
      const asked = await h.api.app.inject({
        method: "POST",
        url: "/api/player/phone-verification/code",
        headers: s.headers,
        payload: { phone: "+4915100000001" },
      });
      expect(asked.statusCode).toBe(200);
      await mailDispatcher(h.api.ctx).flush();
      const failed = async () =>
        (await h.handle.db.select().from(outbox).where(eq(outbox.recipient, "+4915100000001")))[0];
      // The request itself kicks a delivery run as well, so one or two attempts were made by now.
      const refused = await failed();
      expect(refused?.sentAt).toBeNull();
      expect(refused?.attempts).toBeGreaterThanOrEqual(1);
      expect((await failed())?.lastError).toContain("answered 502: upstream carrier unavailable");
      expect((await failed())?.lastError).not.toContain("gateway-key");

      down = false;
      await mailDispatcher(h.api.ctx).flush();
      expect(await failed()).toMatchObject({ attempts: (refused?.attempts ?? 0) + 1, lastError: null });
      expect((await failed())?.sentAt).not.toBeNull();
      expect(received.filter((r) => r.payload.to === "+4915100000001")).toHaveLength(1);
    });
  });
}
