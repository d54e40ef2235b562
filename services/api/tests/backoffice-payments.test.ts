import { notifications, payments } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutProvider } from "../src/payments/provider.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";
import { type StaffDesk, staffDesk } from "./support/staff.js";

interface StaffPaymentJson {
  id: number;
  status: string;
  external_ref: string | null;
  reason: string | null;
  flags: string[];
  direction: string;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`back-office payments desk (${target.kind})`, () => {
    let h: Harness;
    let desk: StaffDesk;
    const payouts: { paymentId: number; amount: number }[] = [];
    const provider: CheckoutProvider = {
      name: "testpay",
      callbackSecret: "a-callback-secret-of-at-least-32-bytes",
      async openCheckout() {
        return { session: "cs_test", checkoutUrl: "/psp/checkout/cs_test" };
      },
      async payout(input) {
        payouts.push(input);
        return { reference: `po_${input.paymentId}` };
      },
    };

    const withdraw = async (p: Player, amount: number) => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/player/withdrawals",
        headers: p.headers,
        payload: { amount, currency: "EUR" },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: { id: number } }>(res).data.id;
    };
    const balance = async (p: Player) => {
      const res = await h.api.app.inject({ method: "GET", url: "/api/player/accounts", headers: p.headers });
      return json<{ data: { currency: string; balance: number }[] }>(res).data.find(
        (a) => a.currency === "EUR",
      )?.balance;
    };
    const review = (id: number, body: unknown, role: "finance" | "admin" | "support" = "finance") =>
      desk.call("POST", `/withdrawals/${id}/review`, desk.as(role), body);

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_payments");
      h.api.ctx.payments.provider = provider;
      desk = await staffDesk(h, ["admin", "finance", "support"]);
    }, 180_000);
    afterAll(async () => h?.close());

    it("lists the queue with flags; approving pays out through the provider", async () => {
      const p = await player(h, { email: "payout@example.com" });
      const id = await withdraw(p, 40_00);
      const queue = await desk.call("GET", "/withdrawals", desk.as("finance"));
      const row = json<{ data: StaffPaymentJson[] }>(queue).data.find((w) => w.id === id);
      // Funded by a deposit and taken out with no bet in between.
      expect(row?.flags).toEqual(["withdrawn_without_play"]);
      const approved = await review(id, { action: "approve" });
      expect(json<{ data: StaffPaymentJson }>(approved).data).toMatchObject({
        status: "paid",
        external_ref: `po_${id}`,
      });
      expect(payouts).toContainEqual(expect.objectContaining({ paymentId: id, amount: 40_00 }));
      expect(await balance(p)).toBe(60_00);
      const again = await review(id, { action: "reject", reason: "too late" });
      expect([again.statusCode, json<ErrorJson>(again).code]).toEqual([400, 1115]);
      const found = await desk.call("GET", `/payments?q=po_${id}`, desk.as("support"));
      expect(json<{ data: StaffPaymentJson[] }>(found).data.map((x) => x.id)).toEqual([id]);
    });

    it("rejecting returns the funds and tells the player why", async () => {
      const p = await player(h, { email: "reject@example.com" });
      const id = await withdraw(p, 30_00);
      expect(await balance(p)).toBe(70_00);
      const rejected = await review(id, { action: "reject", reason: "name on the card differs" });
      expect(json<{ data: StaffPaymentJson }>(rejected).data).toMatchObject({
        status: "declined",
        reason: "name on the card differs",
      });
      expect(await balance(p)).toBe(100_00);
      const notes = await h.handle.db
        .select()
        .from(notifications)
        .where(eq(notifications.playerId, p.playerId));
      expect(notes.map((n) => n.type)).toContain("withdrawal_declined");
    });

    it("finds deposits by the player's e-mail and flags declined deposits in a row", async () => {
      const p = await player(h, { email: "declines@example.com" });
      const at = h.clock.now;
      for (const [i, status] of ["failed", "failed", "failed"].entries()) {
        await h.handle.db.insert(payments).values({
          playerId: p.playerId,
          direction: "deposit",
          provider: "testpay",
          currency: "EUR",
          amount: 10_00,
          status,
          externalRef: `cs_declined_${p.playerId}_${i}`,
          createdAt: new Date(at.getTime() + (i + 1) * 1000),
          updatedAt: at,
        });
      }
      h.clock.now = new Date(at.getTime() + 10_000);
      const id = await withdraw(p, 5_00);
      const found = await desk.call("GET", "/payments?q=declines@example", desk.as("support"));
      const rows = json<{ data: StaffPaymentJson[] }>(found).data;
      expect(rows.filter((r) => r.direction === "deposit")).toHaveLength(4);
      expect(rows.find((r) => r.id === id)?.flags).toContain("declines_in_a_row");
    });

    it("refuses the wrong role, bad input and a missing reason, writing nothing", async () => {
      const p = await player(h, { email: "bad@example.com" });
      const id = await withdraw(p, 10_00);
      const before = await desk.auditCount();
      const support = await review(id, { action: "approve" }, "support");
      expect([support.statusCode, json<ErrorJson>(support).code]).toEqual([403, 1004]);
      for (const body of [{ action: "reject" }, { action: "reject", reason: " " }, { action: "pay" }]) {
        const res = await review(id, body);
        expect([res.statusCode, json<ErrorJson>(res).code], JSON.stringify(body)).toEqual([400, 1000]);
      }
      const empty = await desk.call("GET", "/payments?q=", desk.as("support"));
      expect(json<ErrorJson>(empty).code).toBe(1000);
      expect(await desk.auditCount()).toBe(before);
      const [row] = await h.handle.db.select().from(payments).where(eq(payments.id, id));
      expect(row?.status).toBe("requested");
    });

    it("without a provider payout an approval waits to be marked paid by hand", async () => {
      const p = await player(h, { email: "manual@example.com" });
      const id = await withdraw(p, 10_00);
      const { payout: _, ...withoutPayout } = provider;
      h.api.ctx.payments.provider = withoutPayout;
      try {
        const approved = await review(id, { action: "approve" });
        expect(json<{ data: StaffPaymentJson }>(approved).data.status).toBe("approved");
        const paid = await review(id, { action: "mark_paid", reason: "bank transfer 2026-06-01" });
        expect(json<{ data: StaffPaymentJson }>(paid).data.status).toBe("paid");
      } finally {
        h.api.ctx.payments.provider = provider;
      }
    });
  });
}
