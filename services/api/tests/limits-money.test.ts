import { auditLog, bets, limits, payments } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  type Session,
  startAccounts,
} from "./identity-harness.js";
import { type CatalogueFixture, seedCatalogue } from "./support/catalogue-fixture.js";
import type { ErrorJson } from "./support/harness.js";

const DAY = 86_400;

interface LimitJson {
  id: number;
  type: string;
  status: string;
  value: number | null;
  period: string | null;
  currency: string | null;
  effective_at: string;
  removal: boolean;
  used: number | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`money limits: deposit, bet, wager, loss (${target.kind})`, () => {
    let h: AccountsHarness;
    let fixture: CatalogueFixture;
    let seq = 0;
    const call = (s: Session, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url: `/api${url}`,
        headers: s.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
    const setLimit = async (s: Session, payload: Record<string, unknown>) => {
      const res = await call(s, "POST", "/player/limits", payload);
      if (res.statusCode !== 200) throw new Error(`set limit answered ${res.statusCode}: ${res.body}`);
      return body<{ data: LimitJson }>(res).data;
    };
    const list = async (s: Session) =>
      body<{ data: LimitJson[] }>(await call(s, "GET", "/player/limits")).data;
    const deposit = (s: Session, amount: number) =>
      call(s, "POST", "/player/deposits", { currency: "EUR", amount });
    const bet = (s: Session, stake: number) =>
      call(s, "POST", "/bets", {
        bets: [
          {
            type: "single",
            stake: { value: stake, currency: "EUR" },
            selections: [
              {
                match_id: fixture.matches.prematch.id,
                market_id: 1,
                specifier: "",
                outcome_id: "1",
                odds: 2100,
              },
            ],
          },
        ],
      });
    const fundedPlayer = async () => {
      const s = await registeredPlayer(h, `money${++seq}@example.com`);
      expect((await deposit(s, 100_00)).statusCode).toBe(200);
      return s;
    };
    const countOf = async (table: typeof bets | typeof payments, playerId: number) =>
      (await h.handle.db.select({ n: count() }).from(table).where(eq(table.playerId, playerId)))[0]?.n ?? 0;

    beforeAll(async () => {
      h = await startAccounts(target, "limits_money");
      // Matches start a month ahead so they stay prematch however far the tests move the clock.
      fixture = await seedCatalogue(h.handle.db, new Date(h.clock.now.getTime() + 30 * DAY * 1000));
    });
    afterAll(() => h.close());

    it("[SPEC §4] deposit limit: enforced, a decrease applies at once, an increase after the cooling-off period and a confirmation", async () => {
      const s = await registeredPlayer(h, "deposit@example.com");
      const first = await setLimit(s, { type: "deposit", value: 100_00, period: "week" });
      expect(first).toMatchObject({
        status: "active",
        value: 100_00,
        period: "week",
        currency: "EUR",
        used: 0,
      });
      expect((await deposit(s, 60_00)).statusCode).toBe(200);
      const over = await deposit(s, 50_00);
      expect(over.statusCode).toBe(400);
      expect(body<ErrorJson>(over)).toMatchObject({
        error: "limitExceeded",
        data: { extra: { type: "deposit", limit: 100_00, used: 60_00, remaining: 40_00 } },
      });
      expect(await countOf(payments, s.playerId)).toBe(1);

      const lower = await setLimit(s, { type: "deposit", value: 61_00, period: "week" });
      expect(lower.status).toBe("active");
      expect((await deposit(s, 2_00)).statusCode).toBe(400);
      expect((await deposit(s, 1_00)).statusCode).toBe(200);

      const higher = await setLimit(s, { type: "deposit", value: 200_00, period: "week" });
      expect(higher.status).toBe("unconfirmed");
      expect(Date.parse(higher.effective_at) - h.clock.now.getTime()).toBe(DAY * 1000);
      expect((await deposit(s, 50_00)).statusCode).toBe(400);
      const confirmed = body<{ data: LimitJson }>(
        await call(s, "POST", `/player/limits/${higher.id}/confirm`),
      ).data;
      expect(confirmed.status).toBe("confirmed");
      h.advance(DAY - 1);
      expect((await deposit(s, 50_00)).statusCode).toBe(400);
      h.advance(1);
      const now = await list(s);
      expect(now.map((l) => [l.type, l.status, l.value])).toEqual([["deposit", "active", 200_00]]);
      const trail = await h.handle.db.select().from(auditLog).where(eq(auditLog.playerId, s.playerId));
      expect(trail.filter((e) => e.entityType === "limit").map((e) => e.action)).toEqual([
        "set",
        "set",
        "increase_requested",
        "confirmed",
      ]);
      expect((await deposit(s, 138_00)).statusCode).toBe(200);
      const last = await deposit(s, 2_00);
      expect(body<ErrorJson>(last).data.extra).toMatchObject({ used: 199_00, remaining: 1_00 });
    });

    it("lets only one of three concurrent deposits use the last of a limit (player row lock)", async () => {
      const s = await registeredPlayer(h, "race@example.com");
      await setLimit(s, { type: "deposit", value: 100_00, period: "day" });
      const answers = await Promise.all([deposit(s, 60_00), deposit(s, 60_00), deposit(s, 60_00)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      expect(await countOf(payments, s.playerId)).toBe(1);
    });

    it("an increase whose cooling-off period is over still waits for the confirmation", async () => {
      const s = await registeredPlayer(h, "waits@example.com");
      await setLimit(s, { type: "deposit", value: 10_00, period: "day" });
      const higher = await setLimit(s, { type: "deposit", value: 50_00, period: "day" });
      h.advance(2 * DAY);
      expect((await deposit(s, 20_00)).statusCode).toBe(400);
      expect((await list(s)).map((l) => l.status).sort()).toEqual(["active", "unconfirmed"]);
      const applied = body<{ data: LimitJson }>(
        await call(s, "POST", `/player/limits/${higher.id}/confirm`),
      ).data;
      expect(applied.status).toBe("active");
      expect((await deposit(s, 20_00)).statusCode).toBe(200);
      const twice = await call(s, "POST", `/player/limits/${higher.id}/confirm`);
      expect(body<ErrorJson>(twice).error).toBe("limitChangeRefused");
    });

    it("a longer window with the same amount is stricter; a shorter one waits like an increase", async () => {
      const s = await registeredPlayer(h, "window@example.com");
      await setLimit(s, { type: "wager", value: 50_00, period: "week" });
      expect((await setLimit(s, { type: "wager", value: 50_00, period: "month" })).status).toBe("active");
      expect((await setLimit(s, { type: "wager", value: 50_00, period: "day" })).status).toBe("unconfirmed");
    });

    it("[SPEC §4] bet limit caps a single stake; nothing is placed or charged when refused", async () => {
      const s = await fundedPlayer();
      await setLimit(s, { type: "bet", value: 10_00 });
      const big = await bet(s, 10_01);
      expect(big.statusCode).toBe(400);
      expect(body<ErrorJson>(big)).toMatchObject({
        error: "limitExceeded",
        data: { extra: { type: "bet", limit: 10_00 } },
      });
      expect(await countOf(bets, s.playerId)).toBe(0);
      const accounts = body<{ data: { balance: number }[] }>(await call(s, "GET", "/player/accounts")).data;
      expect(accounts[0]?.balance).toBe(100_00);
      expect((await bet(s, 10_00)).statusCode).toBe(200);
    });

    it("a bet limit set after the player's last bet caps the next one", async () => {
      const s = await fundedPlayer();
      expect((await bet(s, 20_00)).statusCode).toBe(200);
      await setLimit(s, { type: "bet", value: 10_00 });
      const big = await bet(s, 20_00);
      expect(body<ErrorJson>(big)).toMatchObject({
        error: "limitExceeded",
        data: { extra: { type: "bet" } },
      });
      expect(await countOf(bets, s.playerId)).toBe(1);
    });

    it("[SPEC §4] wager limit counts the stakes of the period", async () => {
      const s = await fundedPlayer();
      await setLimit(s, { type: "wager", value: 25_00, period: "day" });
      expect((await bet(s, 10_00)).statusCode).toBe(200);
      expect((await bet(s, 10_00)).statusCode).toBe(200);
      const third = await bet(s, 10_00);
      expect(body<ErrorJson>(third).data.extra).toMatchObject({
        type: "wager",
        used: 20_00,
        remaining: 5_00,
      });
      expect((await bet(s, 5_00)).statusCode).toBe(200);
      expect((await list(s))[0]?.used).toBe(25_00);
      h.advance(DAY + 1);
      expect((await bet(s, 10_00)).statusCode).toBe(200);
    });

    it("[SPEC §4] loss limit counts open stakes as lost", async () => {
      const s = await fundedPlayer();
      await setLimit(s, { type: "loss", value: 15_00, period: "day" });
      expect((await bet(s, 10_00)).statusCode).toBe(200);
      const next = await bet(s, 10_00);
      expect(body<ErrorJson>(next).data.extra).toMatchObject({ type: "loss", used: 10_00, remaining: 5_00 });
      expect(await countOf(bets, s.playerId)).toBe(1);
    });

    it("removing a limit waits for the cooling-off period and a confirmation; a pending change can be withdrawn", async () => {
      const s = await registeredPlayer(h, "remove@example.com");
      await setLimit(s, { type: "deposit", value: 5_00, period: "day" });
      const removal = body<{ data: LimitJson }>(await call(s, "DELETE", "/player/limits/deposit")).data;
      expect(removal).toMatchObject({ status: "unconfirmed", removal: true });
      const withdrawn = body<{ data: LimitJson }>(
        await call(s, "POST", `/player/limits/${removal.id}/cancel`),
      ).data;
      expect(withdrawn.status).toBe("unconfirmed_disabled");
      const again = body<{ data: LimitJson }>(await call(s, "DELETE", "/player/limits/deposit")).data;
      await call(s, "POST", `/player/limits/${again.id}/confirm`);
      expect((await deposit(s, 10_00)).statusCode).toBe(400);
      h.advance(DAY);
      expect(await list(s)).toEqual([]);
      expect((await deposit(s, 10_00)).statusCode).toBe(200);
      const none = await call(s, "DELETE", "/player/limits/deposit");
      expect(none.statusCode).toBe(404);
    });

    it("a confirmed change withdrawn before it applies is confirmed_disabled, and a new stricter limit replaces a pending one", async () => {
      const s = await registeredPlayer(h, "statuses@example.com");
      await setLimit(s, { type: "deposit", value: 10_00, period: "day" });
      const up = await setLimit(s, { type: "deposit", value: 20_00, period: "day" });
      await call(s, "POST", `/player/limits/${up.id}/confirm`);
      const cancelled = body<{ data: LimitJson }>(
        await call(s, "POST", `/player/limits/${up.id}/cancel`),
      ).data;
      expect(cancelled.status).toBe("confirmed_disabled");
      const up2 = await setLimit(s, { type: "deposit", value: 30_00, period: "day" });
      await setLimit(s, { type: "deposit", value: 5_00, period: "day" });
      const rows = await h.handle.db.select().from(limits).where(eq(limits.playerId, s.playerId));
      expect(rows.find((r) => r.id === up2.id)?.status).toBe("unconfirmed_disabled");
      expect((await list(s)).map((l) => [l.status, l.value])).toEqual([["active", 5_00]]);
    });

    it("refuses bad limit requests with a 400 naming the field, writing nothing", async () => {
      const s = await registeredPlayer(h, "badlimits@example.com");
      const cases: [Record<string, unknown>, string][] = [
        [{ type: "jackpot", value: 1 }, "body.type"],
        [{ type: "deposit", value: 100 }, "body.period"],
        [{ type: "deposit", period: "day" }, "body.value"],
        [{ type: "deposit", value: 100, period: "year" }, "body.period"],
        [{ type: "deposit", value: -5, period: "day" }, "body.value"],
        [{ type: "deposit", value: 1.5, period: "day" }, "body.value"],
        [{ type: "deposit", value: 100, period: "day", currency: "ZZZ" }, "body.currency"],
        [{ type: "bet", value: 100, period: "day" }, "body.period"],
        [{ type: "session", value: 30 }, "body.value"],
        [{ type: "time", value: 90_000, period: "day" }, "body.value"],
        [{ type: "reality_check", value: 600, currency: "EUR" }, "body.currency"],
        [{ type: "selfexclusion", value: 1, period: "week" }, "body.value"],
        [{ type: "coolingoff" }, "body.period"],
      ];
      for (const [payload, field] of cases) {
        const res = await call(s, "POST", "/player/limits", payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(
          body<ErrorJson>(res).data.details?.map((d) => d.field),
          JSON.stringify(payload),
        ).toContain(field);
      }
      expect((await call(s, "POST", "/player/limits/999999/confirm")).statusCode).toBe(404);
      expect((await call(s, "POST", "/player/limits/abc/confirm")).statusCode).toBe(400);
      expect((await call(s, "DELETE", "/player/limits/nonsense")).statusCode).toBe(400);
      expect(await h.handle.db.select().from(limits).where(eq(limits.playerId, s.playerId))).toEqual([]);
    });

    it("keeps limits private: another player's change cannot be confirmed", async () => {
      const a = await registeredPlayer(h, "owner@example.com");
      const b = await registeredPlayer(h, "intruder@example.com");
      await setLimit(a, { type: "deposit", value: 1_00, period: "day" });
      const up = await setLimit(a, { type: "deposit", value: 9_00, period: "day" });
      expect((await call(b, "POST", `/player/limits/${up.id}/confirm`)).statusCode).toBe(404);
      expect((await call(b, "POST", `/player/limits/${up.id}/cancel`)).statusCode).toBe(404);
    });
  });
}
