import { notificationEvent, userChannel } from "@sportsbook/contracts";
import {
  type BrowserKeys,
  browserKeys,
  decryptPush,
  type PushServiceStandIn,
  startPushService,
  verifyVapid,
} from "@sportsbook/contracts/testing/push-service";
import { pushSubscriptions } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createApi, createPushSender, type PushSender, pushingPublisher } from "../src/index.js";
import {
  type ErrorJson,
  type Harness,
  json,
  type Player,
  player,
  startHarness,
  TEST_SECRET,
} from "./support/harness.js";

const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@sportsbook.test" };

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`Web Push subscriptions and sends on ${target.kind}`, () => {
    let h: Harness;
    let service: PushServiceStandIn;
    let push: PushSender;
    const registry = new Registry();
    const silent = Fastify({ logger: false }).log;
    const call = (method: "GET" | "POST" | "DELETE", p: Player | null, url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url,
        headers: p?.headers ?? {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    let n = 0;
    /** A browser's subscription on the stand-in, each with an endpoint of its own. */
    const subscription = (browser: BrowserKeys = browserKeys()) => ({
      browser,
      body: { endpoint: `${service.url}/push/${++n}`, expirationTime: null, keys: browser.keys },
    });
    const rows = (playerId: number) =>
      h.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));
    const sends = async () =>
      Object.fromEntries(
        ((await registry.getSingleMetric("sportsbook_push_sends_total")?.get())?.values ?? []).map((v) => [
          v.labels.outcome,
          v.value,
        ]),
      );

    beforeAll(async () => {
      service = await startPushService();
      h = await startHarness(target, "api_push", {
        push: (handle) => {
          push = createPushSender({
            db: handle.db,
            settings: { vapid, loopbackHttp: true },
            registry,
            log: silent,
          });
          return push;
        },
      });
    });
    afterAll(async () => {
      await push?.idle();
      await h?.close();
      await service?.close();
    });
    beforeEach(() => {
      service.received.length = 0;
      service.statusFor.clear();
    });

    it("gives the VAPID public key, stores a subscription and deletes it on opt-out", async () => {
      const key = json<{ data: { public_key: string } }>(await call("GET", null, "/api/push/key"));
      expect(key.data.public_key).toBe(vapid.publicKey);
      const p = await player(h);
      const { body } = subscription();
      expect((await call("POST", p, "/api/push/subscriptions", body)).statusCode).toBe(200);
      // the same browser again keeps one row, with its latest keys
      const renewed = { ...body, keys: browserKeys().keys };
      expect((await call("POST", p, "/api/push/subscriptions", renewed)).statusCode).toBe(200);
      expect(await rows(p.playerId)).toMatchObject([
        { endpoint: body.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth },
      ]);
      // another player cannot remove it; its owner can
      const other = await player(h);
      expect(
        (await call("DELETE", other, "/api/push/subscriptions", { endpoint: body.endpoint })).statusCode,
      ).toBe(200);
      expect(await rows(p.playerId)).toHaveLength(1);
      expect(
        (await call("DELETE", p, "/api/push/subscriptions", { endpoint: body.endpoint })).statusCode,
      ).toBe(200);
      expect(await rows(p.playerId)).toEqual([]);
    });

    it("moves a browser's subscription to the player now signed in on it", async () => {
      const first = await player(h);
      const second = await player(h);
      const { body } = subscription();
      await call("POST", first, "/api/push/subscriptions", body);
      await call("POST", second, "/api/push/subscriptions", body);
      expect(await rows(first.playerId)).toEqual([]);
      expect(await rows(second.playerId)).toHaveLength(1);
    });

    it("refuses bad subscriptions and endpoints inside the network, naming the field, storing nothing", async () => {
      const p = await player(h);
      const { body } = subscription();
      const bad: [string, unknown][] = [
        ["body.keys", { endpoint: body.endpoint }],
        ["body.keys.p256dh", { ...body, keys: { ...body.keys, p256dh: "short" } }],
        ["body.keys.auth", { ...body, keys: { ...body.keys, auth: "A".repeat(40) } }],
        ["body.endpoint", { ...body, endpoint: "not a url" }],
        ["body.endpoint", { ...body, endpoint: "javascript:alert(1)" }],
        ["body.endpoint", { ...body, endpoint: "http://fcm.googleapis.com/fcm/send/x" }],
        ["body.endpoint", { ...body, endpoint: "https://169.254.169.254/latest/meta-data" }],
        ["body.endpoint", { ...body, endpoint: "https://10.0.0.8/push" }],
        ["body.endpoint", { ...body, endpoint: "https://localhost/push" }],
        ["body.endpoint", { ...body, endpoint: "https://fcm.googleapis.com:8443/x" }],
        ["body.endpoint", { ...body, endpoint: "http://10.0.0.8:8080/push" }],
        ["body.endpoint", { ...body, endpoint: `https://fcm.googleapis.com/${"x".repeat(2100)}` }],
      ];
      for (const [field, payload] of bad) {
        const res = await call("POST", p, "/api/push/subscriptions", payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
        const error = json<ErrorJson>(res);
        expect(error.code).toBe(1000);
        expect(error.data.details?.map((d) => d.field).join(" ")).toContain(field);
      }
      expect(await rows(p.playerId)).toEqual([]);
      expect((await call("POST", null, "/api/push/subscriptions", body)).statusCode).toBe(401);
      expect((await call("DELETE", p, "/api/push/subscriptions", {})).statusCode).toBe(400);
      expect(
        (await call("DELETE", null, "/api/push/subscriptions", { endpoint: body.endpoint })).statusCode,
      ).toBe(401);
    });

    it("sends a valid Web Push for a cash-out: VAPID-signed, aes128gcm, decryptable by the browser", async () => {
      const p = await player(h);
      const sub = subscription();
      await call("POST", p, "/api/push/subscriptions", sub.body);
      const placed = await call("POST", p, "/api/bets", {
        bets: [
          {
            type: "single",
            stake: { value: 10_00, currency: "EUR" },
            selections: [
              {
                match_id: h.fixture.matches.prematch.id,
                market_id: 1,
                specifier: "",
                outcome_id: "1",
                odds: 2100,
              },
            ],
          },
        ],
      });
      const betId = json<{ data: { id: number }[] }>(placed).data[0]?.id;
      expect((await call("POST", p, "/api/bets/cashout", { bet_id: betId })).statusCode).toBe(200);
      const [received] = await service.waitFor(1);
      if (!received) throw new Error("no push arrived");
      expect(received.path).toBe(new URL(sub.body.endpoint).pathname);
      expect(received.headers["content-encoding"]).toBe("aes128gcm");
      expect(received.headers["content-type"]).toBe("application/octet-stream");
      expect(Number(received.headers.ttl)).toBe(86_400);
      const claims = verifyVapid(received.headers.authorization, vapid.publicKey, service.url);
      expect(claims.sub).toBe(vapid.subject);
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
      expect(JSON.parse(decryptPush(received.body, sub.browser))).toEqual({
        type: "bet_cashed_out",
        title: `Bet #${betId} cashed out`,
        body: "9.50 EUR was paid to your balance.",
        tag: `bet-${betId}`,
        url: "/my-bets",
      });
    });

    it("pushes settled bets and issued bonuses to every browser of the player, and nothing else", async () => {
      const p = await player(h);
      const phone = subscription();
      const laptop = subscription();
      await call("POST", p, "/api/push/subscriptions", phone.body);
      await call("POST", p, "/api/push/subscriptions", laptop.body);
      const published = pushingPublisher({ publish: async () => {} }, push);
      const notification = (type: string, objectId: number) =>
        notificationEvent({
          id: objectId,
          title: `${type} title`,
          body: `${type} body`,
          type,
          object_type: type === "bonus_issued" ? "bonus" : "bet",
          object_id: String(objectId),
          params: {},
          read: false,
          created_at: "2026-06-01T12:00:00.000Z",
        });
      await published.publish(userChannel(p.playerId), notification("deposit_succeeded", 1));
      await published.publish(userChannel(p.playerId), {
        type: "balance_changed",
        currency: "EUR",
        balance: 1,
      });
      await published.publish(userChannel(p.playerId), notification("bet_settled", 7));
      await published.publish(userChannel(p.playerId), notification("bonus_issued", 3));
      await push.idle();
      expect(service.received).toHaveLength(4);
      const seen = service.received.map((r) => {
        const browser = r.path === new URL(phone.body.endpoint).pathname ? phone.browser : laptop.browser;
        return JSON.parse(decryptPush(r.body, browser)) as { type: string; tag: string; url: string };
      });
      expect(seen.map((s) => `${s.type} ${s.tag} ${s.url}`).sort()).toEqual([
        "bet_settled bet-7 /my-bets",
        "bet_settled bet-7 /my-bets",
        "bonus_issued bonus-3 /promotions",
        "bonus_issued bonus-3 /promotions",
      ]);
    });

    it("deletes a subscription the push service says is gone, keeps one it merely refused, counts each", async () => {
      const p = await player(h);
      const gone = subscription();
      const expired = subscription();
      const busy = subscription();
      for (const s of [gone, expired, busy]) await call("POST", p, "/api/push/subscriptions", s.body);
      service.statusFor.set(new URL(gone.body.endpoint).pathname, 410);
      service.statusFor.set(new URL(expired.body.endpoint).pathname, 404);
      service.statusFor.set(new URL(busy.body.endpoint).pathname, 503);
      const before = await sends();
      await push.send(p.playerId, {
        type: "bet_settled",
        title: "t",
        body: "b",
        tag: "bet-1",
        url: "/my-bets",
      });
      expect((await rows(p.playerId)).map((r) => r.endpoint)).toEqual([busy.body.endpoint]);
      const after = await sends();
      expect((after.expired ?? 0) - (before.expired ?? 0)).toBe(2);
      expect((after.refused ?? 0) - (before.refused ?? 0)).toBe(1);
    });

    it("works a burst of settlements through in the background, every push delivered", async () => {
      const p = await player(h);
      const sub = subscription();
      await call("POST", p, "/api/push/subscriptions", sub.body);
      for (let bet = 1; bet <= 20; bet++)
        push.notify(p.playerId, {
          type: "bet_settled",
          title: `Bet #${bet} settled`,
          body: "Your bet lost.",
          tag: `bet-${bet}`,
          url: "/my-bets",
        });
      await push.idle();
      const tags = service.received.map(
        (r) => (JSON.parse(decryptPush(r.body, sub.browser)) as { tag: string }).tag,
      );
      expect(tags.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `bet-${i + 1}`).sort());
    });

    it("answers 404 on a node without Web Push", async () => {
      const off = await createApi({ database: h.handle, realtimeTokenSecret: TEST_SECRET });
      try {
        const p = await player(h);
        expect((await off.app.inject({ method: "GET", url: "/api/push/key" })).statusCode).toBe(404);
        const res = await off.app.inject({
          method: "POST",
          url: "/api/push/subscriptions",
          headers: p.headers,
          payload: subscription().body,
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await off.stop();
      }
    });

    it("counts a push service that cannot be reached as failed, and the cause stands", async () => {
      const p = await player(h);
      const closed = await startPushService();
      const endpoint = `${closed.url}/push/closed`;
      await closed.close();
      await call("POST", p, "/api/push/subscriptions", { endpoint, keys: browserKeys().keys });
      const before = await sends();
      await push.send(p.playerId, {
        type: "bet_settled",
        title: "t",
        body: "b",
        tag: "bet-1",
        url: "/my-bets",
      });
      expect(((await sends()).failed ?? 0) - (before.failed ?? 0)).toBe(1);
      expect(await rows(p.playerId)).toHaveLength(1);
    });
  });
}
