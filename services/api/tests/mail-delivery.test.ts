import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { exclusiveRunner, outbox } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDispatcher } from "../src/mail/dispatcher.js";
import {
  type AccountsHarness,
  mailbox,
  PASSWORD,
  registeredPlayer,
  startAccounts,
} from "./identity-harness.js";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server (RFC 5321 without extensions): enough for a real client to deliver to. */
function smtpServer(received: Received[], options: { refuse?: boolean } = {}): Server {
  return createServer((socket: Socket) => {
    let buffer = "";
    let inData = false;
    let current: Received = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test.local");
        else if (verb === "MAIL") {
          if (options.refuse) reply("550 mailbox unavailable");
          else {
            current.from = line;
            reply("250 ok");
          }
        } else if (verb === "RCPT") {
          current.to.push(line);
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with .");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
}

async function listen(server: Server): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`mail delivery over SMTP (${target.kind})`, () => {
    const received: Received[] = [];
    let server: Server;
    let h: AccountsHarness;
    const texts: { to: string; text: string }[] = [];

    beforeAll(async () => {
      server = smtpServer(received);
      const port = await listen(server);
      h = await startAccounts(target, "mail_delivery", {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: "Book <no-reply@book.example>",
        smsGateway: {
          async send(message) {
            texts.push(message);
          },
        },
      });
    });
    afterAll(async () => {
      await mailDispatcher(h.api.ctx).stop();
      await h.close();
      server.close();
    });

    it("delivers the outbox through SMTP_URL and marks what was sent", async () => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-up",
        payload: {
          email: "smtp@example.com",
          password: PASSWORD,
          terms_accepted: true,
          date_of_birth: "1990-04-12",
        },
      });
      expect(res.statusCode).toBe(200);
      await mailDispatcher(h.api.ctx).flush();
      const message = received.find((m) => m.to.some((t) => t.includes("smtp@example.com")));
      expect(message?.from).toContain("no-reply@book.example");
      expect(message?.data).toContain("Subject: Confirm your e-mail address");
      expect(message?.data).toContain("https://book.example/users/confirmation?confirmation_token=");
      const pending = await h.handle.db.select().from(outbox).where(isNull(outbox.sentAt));
      expect(pending).toEqual([]);
      expect((await mailbox(h, "smtp@example.com"))[0]?.template).toBe("confirm_email");
    });
    it("sends nothing while another node delivers (its lock held), then delivers once it is free", async () => {
      const key = { classId: 0x5342, objId: 97 };
      const other = h.handle.sessionLock(key, "other-node");
      const dispatcher = mailDispatcher(h.api.ctx);
      dispatcher.runExclusively(exclusiveRunner(() => h.handle.sessionLock(key, "this-node")));
      expect(await other.tryAcquire()).toBe(true);
      try {
        const res = await h.api.app.inject({
          method: "POST",
          url: "/api/player/sign-up",
          payload: {
            email: "exclusive@example.com",
            password: PASSWORD,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
          },
        });
        expect(res.statusCode).toBe(200);
        const to = () => received.filter((m) => m.to.some((t) => t.includes("exclusive@example.com")));
        expect(await dispatcher.flush()).toBe(0);
        expect(to()).toEqual([]);
        await other.release();
        await dispatcher.flush();
        expect(to()).toHaveLength(1);
      } finally {
        await other.release();
        dispatcher.runExclusively(async (job) => job());
      }
    });

    it("delivers SMS codes through the SMS gateway adapter", async () => {
      const s = await registeredPlayer(h, "sms@example.com");
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/player/phone-verification/code",
        payload: { phone: "+4915100000077" },
        headers: s.headers,
      });
      expect(res.statusCode).toBe(200);
      await mailDispatcher(h.api.ctx).flush();
      expect(texts).toHaveLength(1);
      expect(texts[0]?.to).toBe("+4915100000077");
      expect(texts[0]?.text).toMatch(/Your verification code is \d{6}\./);
      const [row] = await mailbox(h, "+4915100000077");
      expect(row?.channel).toBe("sms");
      const unsent = await h.handle.db.select().from(outbox).where(isNull(outbox.sentAt));
      expect(unsent).toEqual([]);
    });
  });

  describe.skipIf(target.skip)(`mail delivery failures (${target.kind})`, () => {
    let server: Server;
    let h: AccountsHarness;

    beforeAll(async () => {
      server = smtpServer([], { refuse: true });
      const port = await listen(server);
      h = await startAccounts(target, "mail_failures", {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        devMailbox: false,
      });
    });
    afterAll(async () => {
      await mailDispatcher(h.api.ctx).stop();
      await h.close();
      server.close();
    });

    it("keeps a refused message in the outbox with its error, for a later retry; the mailbox page is off", async () => {
      await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-up",
        payload: {
          email: "bounce@example.com",
          password: PASSWORD,
          terms_accepted: true,
          date_of_birth: "1990-04-12",
        },
      });
      await mailDispatcher(h.api.ctx).flush();
      const [row] = await h.handle.db.select().from(outbox);
      expect(row?.sentAt).toBeNull();
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(row?.lastError).toContain("550");
      const deliveries = (await h.api.ctx.metrics.outboxDeliveries.get()).values;
      expect(deliveries.find((v) => v.labels.outcome === "refused")?.value).toBeGreaterThanOrEqual(1);
      expect(deliveries.find((v) => v.labels.outcome === "sent")).toBeUndefined();
      expect((await h.api.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(404);
      expect((await h.api.app.inject({ method: "GET", url: "/api/dev/mailbox/messages" })).statusCode).toBe(
        404,
      );
    });

    it("a background run that cannot read the outbox is counted and reported, not thrown", async () => {
      const dispatcher = mailDispatcher(h.api.ctx);
      const reported = new Promise<unknown>((resolve) => dispatcher.onRunFailure(resolve));
      // the last test of this database: without its outbox every run fails
      await h.handle.db.execute(sql`drop table ${outbox}`);
      dispatcher.kick();
      expect(String(await reported)).toContain("outbox");
      expect((await h.api.ctx.metrics.outboxRunFailures.get()).values[0]?.value).toBe(1);
    });
  });
}
