import { ledgerImbalance, payments, playerSecurity, players } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "../src/config.js";
import { ensureDemoPlayer } from "../src/identity/demo-player.js";
import { type AccountsHarness, body, type Session, signIn, startAccounts } from "./identity-harness.js";

const PASSWORD = "demo-password-1";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`demo player of the embedded default (${target.kind})`, () => {
    let h: AccountsHarness;

    beforeAll(async () => {
      h = await startAccounts(target, "identity_demo_player");
    });
    afterAll(() => h.close());

    const balances = async (session: Session) => {
      const res = await h.api.app.inject({
        method: "GET",
        url: "/api/player/accounts",
        headers: { cookie: session.cookie },
      });
      expect(res.statusCode).toBe(200);
      return body<{ data: { currency: string; balance: number }[] }>(res).data.map((a) => [
        a.currency,
        a.balance,
      ]);
    };
    const demoPayments = async (playerId: number) =>
      h.handle.db.select().from(payments).where(eq(payments.playerId, playerId));

    it("creates a confirmed player who signs in with the printed credentials and has a funded balance", async () => {
      const demo = await ensureDemoPlayer(h.api.ctx, { email: "Demo@Book.example", password: PASSWORD });
      expect(demo).toMatchObject({
        email: "demo@book.example",
        currency: "EUR",
        created: true,
        funded: true,
      });
      const session = await signIn(h, "demo@book.example", PASSWORD);
      expect(session.playerId).toBe(demo.playerId);
      expect(await balances(session)).toEqual([["EUR", 1_000_00]]);
      const paid = await demoPayments(demo.playerId);
      expect(paid.map((p) => [p.provider, p.direction, p.amount, p.status])).toEqual([
        ["demo", "deposit", 1_000_00, "succeeded"],
      ]);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("is idempotent across restarts: same player, no second deposit, concurrent start-ups included", async () => {
      const first = await ensureDemoPlayer(h.api.ctx, { email: "demo@book.example", password: PASSWORD });
      const twins = await Promise.all([
        ensureDemoPlayer(h.api.ctx, { email: "demo@book.example", password: PASSWORD }),
        ensureDemoPlayer(h.api.ctx, { email: "demo@book.example", password: PASSWORD }),
      ]);
      for (const again of [first, ...twins]) expect(again).toMatchObject({ created: false, funded: false });
      expect(new Set([first, ...twins].map((d) => d.playerId)).size).toBe(1);
      expect(await demoPayments(first.playerId)).toHaveLength(1);
    });

    it("creates and funds a new demo player exactly once when start-ups race", async () => {
      const racers = await Promise.all(
        [1, 2, 3].map(() => ensureDemoPlayer(h.api.ctx, { email: "race@book.example", password: PASSWORD })),
      );
      expect(new Set(racers.map((r) => r.playerId)).size).toBe(1);
      expect(racers.filter((r) => r.created)).toHaveLength(1);
      const id = racers[0]?.playerId ?? 0;
      expect(await demoPayments(id)).toHaveLength(1);
      expect(await balances(await signIn(h, "race@book.example", PASSWORD))).toEqual([["EUR", 1_000_00]]);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("restores the printed password and lifts a lockout, keeping the balance the player has", async () => {
      const demo = await ensureDemoPlayer(h.api.ctx, { email: "demo@book.example", password: PASSWORD });
      await h.handle.db
        .update(players)
        .set({ passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$bm90aGluZw$bm90aGluZw" })
        .where(eq(players.id, demo.playerId));
      await h.handle.db
        .update(playerSecurity)
        .set({ lockedAt: h.clock.now, failedAttempts: 9 })
        .where(eq(playerSecurity.playerId, demo.playerId));
      const refused = await h.api.app.inject({
        method: "POST",
        url: "/api/player/sign-in",
        payload: { email: "demo@book.example", password: PASSWORD },
      });
      expect(refused.statusCode).toBe(400);

      const again = await ensureDemoPlayer(h.api.ctx, { email: "demo@book.example", password: PASSWORD });
      expect(again).toMatchObject({ playerId: demo.playerId, created: false, funded: false });
      const session = await signIn(h, "demo@book.example", PASSWORD);
      expect(await balances(session)).toEqual([["EUR", 1_000_00]]);
    });

    it("gives the demo sign-in's earlier player a password without funding it twice", async () => {
      const demoSignIn = await h.api.app.inject({ method: "POST", url: "/api/demo/sign-in", payload: {} });
      expect(demoSignIn.statusCode).toBe(200);
      const earlierId = body<{ data: { player_id: number } }>(demoSignIn).data.player_id;
      expect(await demoPayments(earlierId)).toHaveLength(1);

      const demo = await ensureDemoPlayer(h.api.ctx, { password: PASSWORD });
      expect(demo).toMatchObject({ playerId: earlierId, email: DEMO_EMAIL, created: false, funded: false });
      expect(await demoPayments(earlierId)).toHaveLength(1);
      expect((await signIn(h, DEMO_EMAIL, PASSWORD)).playerId).toBe(earlierId);
    });

    it("refuses a password the sign-up rules would refuse", async () => {
      await expect(
        ensureDemoPlayer(h.api.ctx, { email: "weak@book.example", password: "short" }),
      ).rejects.toThrow();
      const [row] = await h.handle.db.select().from(players).where(eq(players.email, "weak@book.example"));
      expect(row).toBeUndefined();
    });
  });
}
