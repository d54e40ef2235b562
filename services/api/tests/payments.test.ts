import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneHousekeeping } from "../src/index.js";
import { createSandboxCheckout } from "../src/payments/sandbox-checkout.js";
import { signCallback } from "../src/payments/signature.js";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  type Session,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

const SECRET = "c".repeat(48);
const OPERATOR_KEY = "o".repeat(40);

interface PaymentJson {
  id: number;
  direction: string;
  status: string;
  amount: { value: number; currency: string };
  reason: string | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`payments: hosted checkout, callbacks, withdrawals (${target.kind})`, () => {
    let h: AccountsHarness;
    let seq = 0;
    /** Every callback the provider sent, as sent: a replay sends one of these again. */
    const sent: { body: string; signature: string; status: number }[] = [];
    const deliver = async (payload: string, signature: string) => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/payments/callbacks/sandbox",
        headers: { "content-type": "application/json", "psp-signature": signature },
        payload,
      });
      sent.push({ body: payload, signature, status: res.statusCode });
      return res.statusCode;
    };
    const sandbox = createSandboxCheckout({
      callbackSecret: SECRET,
      deliver: (b, s) => deliver(b, s),
      pathPrefix: "/psp",
      now: () => h.clock.now,
      // Retries are not part of these tests: a refused callback stays refused.
      sleep: () => new Promise(() => {}),
    });

    const call = (s: Session, method: "GET" | "POST", url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url: `/api${url}`,
        headers: s.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
    const balance = async (s: Session) => {
      const res = await call(s, "GET", "/player/accounts");
      return body<{ data: { currency: string; balance: number }[] }>(res).data.find(
        (a) => a.currency === "EUR",
      )?.balance;
    };
    const checkout = async (s: Session, amount: number) => {
      const res = await call(s, "POST", "/player/deposits/checkout", { currency: "EUR", amount });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: { payment: PaymentJson; checkout_url: string } }>(res).data;
    };
    /** The player's button on the provider's page. */
    const press = async (checkoutUrl: string, action: "pay" | "decline" | "cancel") => {
      const res = await h.api.app.inject({
        method: "POST",
        url: `${checkoutUrl}/${action}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      expect(res.statusCode).toBe(303);
      return res.headers.location;
    };
    const payment = async (s: Session, id: number) =>
      body<{ data: PaymentJson }>(await call(s, "GET", `/player/payments/${id}`)).data;
    const player = () => registeredPlayer(h, `pay${++seq}@example.com`);
    const operator = (id: number, action: string, key = OPERATOR_KEY) =>
      h.api.app.inject({
        method: "POST",
        url: `/api/operator/withdrawals/${id}/review`,
        headers: { "x-operator-key": key },
        payload: { action },
      });

    beforeAll(async () => {
      h = await startAccounts(
        target,
        "payments",
        {},
        {
          payments: { provider: sandbox.provider, checkoutTtlSeconds: 1800 },
          operatorKey: OPERATOR_KEY,
        },
      );
      await h.api.app.register(sandbox.pages, { prefix: "/psp" });
    });
    afterAll(async () => {
      await h?.close();
    });

    it("a deposit is pending until the provider's signed callback; paying credits the ledger once", async () => {
      const s = await player();
      const { payment: opened, checkout_url } = await checkout(s, 25_00);
      expect(opened).toMatchObject({ status: "pending", direction: "deposit", amount: { value: 25_00 } });
      expect(checkout_url).toMatch(/^\/psp\/checkout\/cs_[0-9a-f]{32}$/);
      expect(await balance(s)).toBe(0);

      const page = await h.api.app.inject({ method: "GET", url: checkout_url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-amount="2500"');
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(page.headers["content-security-policy"]).toContain("form-action 'self';");

      const back = await press(checkout_url, "pay");
      expect(back).toBe(`/profile/wallet/deposit?payment=${opened.id}`);
      expect(await payment(s, opened.id)).toMatchObject({ status: "succeeded" });
      expect(await balance(s)).toBe(25_00);

      const history = body<{
        data: { kind: string; amount: { value: number }; reference: { id: string } }[];
      }>(await call(s, "GET", "/player/transactions")).data;
      expect(history).toEqual([
        expect.objectContaining({ kind: "deposit", amount: expect.objectContaining({ value: 25_00 }) }),
      ]);
      expect(history[0]?.reference).toEqual({ type: "payment", id: String(opened.id) });

      // The page is closed once paid: a second press changes nothing.
      const again = await h.api.app.inject({ method: "POST", url: `${checkout_url}/pay`, payload: "" });
      expect(again.statusCode).toBe(404);
      expect(await balance(s)).toBe(25_00);
    });

    it("a replayed, forged, stale or mismatched callback changes nothing", async () => {
      const s = await player();
      const { payment: opened, checkout_url } = await checkout(s, 10_00);
      await press(checkout_url, "pay");
      const original = sent.at(-1);
      if (!original) throw new Error("no callback was sent");
      expect(original.status).toBe(200);
      expect(await balance(s)).toBe(10_00);

      // The same callback again (a provider retry or a replay within the tolerance): no second credit.
      expect(await deliver(original.body, original.signature)).toBe(200);
      expect(await balance(s)).toBe(10_00);

      // The same body under another secret, or another body under the original signature.
      const forged = signCallback("f".repeat(48), original.body, h.clock.now);
      const forgedRes = await h.api.app.inject({
        method: "POST",
        url: "/api/payments/callbacks/sandbox",
        headers: { "content-type": "application/json", "psp-signature": forged },
        payload: original.body,
      });
      expect(forgedRes.statusCode).toBe(400);
      expect(body<ErrorJson>(forgedRes).error).toBe("paymentSignatureInvalid");
      const richer = original.body.replace('"amount":1000', '"amount":1000000');
      expect(await deliver(richer, original.signature)).toBe(400);

      // A new event id for a bigger amount, properly signed, names another amount than the payment's.
      const event = JSON.parse(original.body) as { id: string; data: { amount: number } };
      const mismatch = JSON.stringify({
        ...event,
        id: `${event.id}-x`,
        data: { ...event.data, amount: 99_00 },
      });
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/payments/callbacks/sandbox",
        headers: {
          "content-type": "application/json",
          "psp-signature": signCallback(SECRET, mismatch, h.clock.now),
        },
        payload: mismatch,
      });
      expect(body<ErrorJson>(res).error).toBe("paymentMismatch");

      // Ten minutes later the captured callback is refused as stale.
      h.advance(600);
      expect(await deliver(original.body, original.signature)).toBe(400);
      expect(await balance(s)).toBe(10_00);
      expect(await payment(s, opened.id)).toMatchObject({ status: "succeeded" });
    });

    it("a declined or cancelled payment credits nothing and says why", async () => {
      const s = await player();
      const declined = await checkout(s, 5_00);
      await press(declined.checkout_url, "decline");
      expect(await payment(s, declined.payment.id)).toMatchObject({
        status: "failed",
        reason: "card declined",
      });
      const cancelled = await checkout(s, 6_00);
      await press(cancelled.checkout_url, "cancel");
      expect(await payment(s, cancelled.payment.id)).toMatchObject({ status: "cancelled" });
      expect(await balance(s)).toBe(0);
      const list = body<{ data: PaymentJson[] }>(
        await call(s, "GET", "/player/payments?direction=deposit"),
      ).data;
      expect(list.map((p) => p.status)).toEqual(["cancelled", "failed"]);
    });

    it("a checkout left open expires; pending deposits count against the deposit limit until then", async () => {
      const s = await player();
      const limit = await call(s, "POST", "/player/limits", { type: "deposit", value: 50_00, period: "day" });
      expect(limit.statusCode, limit.body).toBe(200);
      const first = await checkout(s, 40_00);
      const over = await call(s, "POST", "/player/deposits/checkout", { currency: "EUR", amount: 20_00 });
      expect(body<ErrorJson>(over)).toMatchObject({ error: "limitExceeded" });

      h.advance(1801);
      const report = await pruneHousekeeping(h.api.ctx);
      expect(report.expiredDeposits).toBeGreaterThanOrEqual(1);
      expect(await payment(s, first.payment.id)).toMatchObject({ status: "expired" });
      const page = await h.api.app.inject({ method: "GET", url: first.checkout_url });
      expect(page.statusCode).toBe(404);
      // Expired, it no longer holds the limit.
      await checkout(s, 20_00);
    });

    it("a withdrawal holds the funds; cancel or decline give them back, paid releases them", async () => {
      const s = await player();
      const funded = await checkout(s, 100_00);
      await press(funded.checkout_url, "pay");

      const tooMuch = await call(s, "POST", "/player/withdrawals", { currency: "EUR", amount: 100_01 });
      // its own code and words: not the bet slip's "too low for this stake"
      expect(body<ErrorJson>(tooMuch)).toMatchObject({
        code: 1121,
        error: "withdrawalExceedsBalance",
        message: "Your balance is too low for this withdrawal.",
      });

      const ask = async (amount: number) => {
        const res = await call(s, "POST", "/player/withdrawals", { currency: "EUR", amount });
        expect(res.statusCode, res.body).toBe(200);
        return body<{ data: PaymentJson }>(res).data;
      };
      const first = await ask(30_00);
      expect(first).toMatchObject({ status: "requested", direction: "withdrawal" });
      expect(await balance(s)).toBe(70_00);

      const cancelled = await call(s, "POST", `/player/withdrawals/${first.id}/cancel`);
      expect(body<{ data: PaymentJson }>(cancelled).data.status).toBe("cancelled");
      expect(await balance(s)).toBe(100_00);
      expect((await call(s, "POST", `/player/withdrawals/${first.id}/cancel`)).statusCode).toBe(400);

      const second = await ask(40_00);
      expect((await operator(second.id, "approve", "x".repeat(40))).statusCode).toBe(404);
      const queue = await h.api.app.inject({
        method: "GET",
        url: "/api/operator/withdrawals",
        headers: { "x-operator-key": OPERATOR_KEY },
      });
      expect(body<{ data: { id: number }[] }>(queue).data.map((w) => w.id)).toContain(second.id);
      expect(body<{ data: PaymentJson }>(await operator(second.id, "approve")).data.status).toBe("approved");
      // Approved, it is no longer the player's to take back.
      expect((await call(s, "POST", `/player/withdrawals/${second.id}/cancel`)).statusCode).toBe(400);
      expect(body<{ data: PaymentJson }>(await operator(second.id, "mark_paid")).data.status).toBe("paid");
      expect(await balance(s)).toBe(60_00);

      const third = await ask(10_00);
      expect(await balance(s)).toBe(50_00);
      expect(body<{ data: PaymentJson }>(await operator(third.id, "decline")).data.status).toBe("declined");
      expect(await balance(s)).toBe(60_00);

      // Another player cannot see or cancel it.
      const other = await player();
      expect((await call(other, "GET", `/player/payments/${third.id}`)).statusCode).toBe(404);
      expect((await call(other, "POST", `/player/withdrawals/${third.id}/cancel`)).statusCode).toBe(404);

      const kinds = body<{ data: { kind: string; amount: { value: number } }[] }>(
        await call(s, "GET", "/player/transactions?limit=10"),
      ).data.map((t) => `${t.kind}:${t.amount.value}`);
      expect(kinds).toEqual([
        "withdrawal_reversal:1000",
        "withdrawal:-1000",
        "withdrawal:-4000",
        "withdrawal_reversal:3000",
        "withdrawal:-3000",
        "deposit:10000",
      ]);

      // The deposit and the operator's two decisions are the player's notifications, newest first;
      // their own cancellation and the payout after an approval are not.
      const notes = body<{ data: { type: string; object_id: string; params: object; read: boolean }[] }>(
        await call(s, "GET", "/notifications"),
      ).data;
      expect(notes.map((n) => [n.type, n.object_id, n.params])).toEqual([
        ["withdrawal_declined", String(third.id), { amount: 10_00, currency: "EUR" }],
        ["withdrawal_approved", String(second.id), { amount: 40_00, currency: "EUR" }],
        ["deposit_succeeded", String(funded.payment.id), { amount: 100_00, currency: "EUR" }],
      ]);
      expect(
        body<{ data: { unread: number } }>(await call(s, "GET", "/notifications/counters")).data,
      ).toEqual({
        unread: 3,
      });
      expect(body<{ data: unknown[] }>(await call(other, "GET", "/notifications")).data).toEqual([]);
    });

    it("refuses bad input with the field named, and a JSON call with no body is read as none", async () => {
      const s = await player();
      for (const bad of [
        { currency: "EUR", amount: 0 },
        { currency: "EUR", amount: 1.5 },
        { currency: "eur", amount: 100 },
        { currency: "EUR", amount: 100, return_path: "//evil.example/x" },
        { currency: "EUR", amount: 100, return_path: "https://evil.example/" },
      ]) {
        const res = await call(s, "POST", "/player/deposits/checkout", bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(body<ErrorJson>(res).error).toBe("validationFailed");
      }
      const unknown = await call(s, "POST", "/player/deposits/checkout", { currency: "XXX", amount: 100 });
      expect(body<ErrorJson>(unknown).error).toBe("validationFailed");
      const garbage = await h.api.app.inject({
        method: "POST",
        url: "/api/payments/callbacks/sandbox",
        headers: { "content-type": "application/json", "psp-signature": "t=1,v1=00" },
        payload: "{not json",
      });
      expect(body<ErrorJson>(garbage).error).toBe("paymentSignatureInvalid");

      const token = await h.api.app.inject({
        method: "POST",
        url: "/api/websocket/token",
        headers: { ...s.headers, "content-type": "application/json" },
      });
      expect(token.statusCode, token.body).toBe(200);
      const demoSignIn = await h.api.app.inject({
        method: "POST",
        url: "/api/demo/sign-in",
        headers: { "content-type": "application/json" },
      });
      expect(body<ErrorJson>(demoSignIn).error).toBe("validationFailed");
    });

    it("a host platform opens its player's deposit, reads how it ended and the player's balances", async () => {
      const s = await player();
      const email = `pay${seq}@example.com`;
      const asOperator = (method: "GET" | "POST", url: string, payload?: object, key = OPERATOR_KEY) =>
        h.api.app.inject({
          method,
          url: `/api/operator${url}`,
          headers: { "x-operator-key": key },
          ...(payload ? { payload } : {}),
        });
      const open = (amount: number) =>
        asOperator("POST", "/deposits", {
          email,
          currency: "EUR",
          amount,
          return_url: "https://casino.example/payments/return?from=sportsbook",
        });
      const opened = body<{ data: { payment: PaymentJson; checkout_url: string } }>(await open(12_00)).data;
      expect(opened.payment).toMatchObject({ status: "pending", amount: { value: 12_00 } });
      const page = await h.api.app.inject({ method: "GET", url: opened.checkout_url });
      expect(page.headers["content-security-policy"]).toContain("form-action 'self' https://casino.example;");
      // the provider returns the player to the platform, not to this site
      expect(await press(opened.checkout_url, "pay")).toBe(
        `https://casino.example/payments/return?from=sportsbook&payment=${opened.payment.id}`,
      );
      const read = await asOperator("GET", `/payments/${opened.payment.id}`);
      expect(body<{ data: PaymentJson }>(read).data.status).toBe("succeeded");
      const accounts = body<{ data: { currency: string; balance: number; is_current: boolean }[] }>(
        await asOperator("GET", `/players/accounts?email=${encodeURIComponent(email)}`),
      ).data;
      expect(accounts).toEqual([
        expect.objectContaining({ currency: "EUR", balance: 12_00, is_current: true }),
      ]);
      expect(await balance(s)).toBe(12_00);

      const declined = body<{ data: { payment: PaymentJson; checkout_url: string } }>(await open(5_00)).data;
      await press(declined.checkout_url, "decline");
      expect(
        body<{ data: PaymentJson }>(await asOperator("GET", `/payments/${declined.payment.id}`)).data.status,
      ).toBe("failed");

      // unknown players and payments, a wrong key and bad bodies
      const stranger = await asOperator("POST", "/deposits", {
        email: "nobody@example.com",
        currency: "EUR",
        amount: 100,
        return_url: "https://casino.example/",
      });
      expect(stranger.statusCode).toBe(404);
      expect((await asOperator("GET", "/payments/999999999")).statusCode).toBe(404);
      expect((await asOperator("GET", "/players/accounts?email=nobody%40example.com")).statusCode).toBe(404);
      expect(
        (await asOperator("GET", `/payments/${opened.payment.id}`, undefined, "x".repeat(40))).statusCode,
      ).toBe(404);
      for (const bad of [
        { email, currency: "EUR", amount: 100, return_url: "javascript:alert(1)" },
        { email, currency: "EUR", amount: 100, return_url: "/relative" },
        { email, currency: "EUR", amount: -1, return_url: "https://casino.example/" },
        { email: "nope", currency: "EUR", amount: 100, return_url: "https://casino.example/" },
      ]) {
        const res = await asOperator("POST", "/deposits", bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(body<ErrorJson>(res).error).toBe("validationFailed");
      }
    });
  });
}
