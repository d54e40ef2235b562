import { playerBonuses, rowsOf, settings } from "@sportsbook/db";
import { type DatabaseTarget, databaseTargets, openScratchPostgres } from "@sportsbook/db/testing";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  type Session,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

const KEY = "r".repeat(40);
const FREEBETS = 20;

/** PostgreSQL with a pool wide enough for every activation to hold a connection at once. */
function widePool(target: DatabaseTarget): DatabaseTarget {
  const url = process.env.TEST_DATABASE_URL ?? "";
  return target.kind === "postgres"
    ? { ...target, open: (label) => openScratchPostgres(url, label, { poolSize: FREEBETS + 10 }) }
    : target;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`freebet activation under concurrency (${target.kind})`, () => {
    let h: AccountsHarness;
    let seq = 0;

    beforeAll(async () => {
      h = await startAccounts(widePool(target), "bonus_activation_race", {}, { operatorKey: KEY });
      for (let i = 0; i < FREEBETS; i += 1) {
        const res = await h.api.app.inject({
          method: "PUT",
          url: `/api/operator/bonuses/race${i}`,
          headers: { "x-operator-key": KEY },
          payload: {
            kind: i % 2 === 0 ? "freebet" : "freebet_all_win",
            name: { en: `Race freebet ${i}` },
            issued_by: "sign_up",
            uses_count: 1,
            terms: { amounts: { EUR: 500 } },
          },
        });
        expect(res.statusCode).toBe(200);
      }
    }, 60_000);
    afterAll(() => h?.close());

    /** A new player holding every freebet, issued on the first look; answers the copies' bonus ids. */
    const holder = async (): Promise<{ s: Session; ids: number[] }> => {
      const s = await registeredPlayer(h, `race${++seq}@example.com`);
      const res = await h.api.app.inject({ url: "/api/bonuses/freebets?limit=100", headers: s.headers });
      const ids = body<{ data: { id: number; issued: unknown }[] }>(res)
        .data.filter((b) => b.issued)
        .map((b) => b.id);
      expect(ids).toHaveLength(FREEBETS);
      return { s, ids };
    };
    const activate = (s: Session, id: number) =>
      h.api.app.inject({ method: "POST", url: `/api/bonuses/${id}/activate`, headers: s.headers });
    const activeCopies = async (s: Session) =>
      (
        await h.handle.db
          .select({ id: playerBonuses.id })
          .from(playerBonuses)
          .where(and(eq(playerBonuses.playerId, s.playerId), isNotNull(playerBonuses.activatedAt)))
      ).length;

    /**
     * On PostgreSQL every activation is made to reach the database together: a transaction holds the
     * player's copies until all of them wait on a lock, then lets them go at once. PGlite runs one
     * transaction at a time, so there they simply run side by side.
     */
    const together = async <T>(s: Session, run: () => Promise<T>): Promise<T> => {
      if (target.kind !== "postgres") return run();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = h.handle.db.transaction(async (tx) => {
        await tx.select().from(playerBonuses).where(eq(playerBonuses.playerId, s.playerId)).for("update");
        locked();
        await held;
      });
      await holding;
      const running = run();
      await expect
        .poll(
          async () => {
            const waiting = await h.handle.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return rowsOf<{ n: number }>(waiting)[0]?.n;
          },
          { timeout: 20_000, interval: 20 },
        )
        .toBe(FREEBETS);
      release();
      await holder;
      return running;
    };

    it(`${FREEBETS} concurrent activations of different freebets leave exactly one active`, async () => {
      const { s, ids } = await holder();
      const answers = await together(s, () => Promise.all(ids.map((id) => activate(s, id))));
      const accepted = answers.filter((a) => a.statusCode === 200);
      expect(accepted).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200))
        expect(body<ErrorJson>(refused).error).toBe("freebetAlreadyActive");
      expect(await activeCopies(s)).toBe(1);
    });

    it("lets several be active when the site settings allow multiple active freebets", async () => {
      const { s, ids } = await holder();
      const allow = { allow_multiple_active_user_freebets: true };
      await h.handle.db
        .insert(settings)
        .values({ scope: "system", document: allow })
        .onConflictDoUpdate({ target: settings.scope, set: { document: allow } });
      try {
        const answers = await Promise.all(ids.slice(0, 3).map((id) => activate(s, id)));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
        expect(await activeCopies(s)).toBe(3);
      } finally {
        await h.handle.db.delete(settings).where(eq(settings.scope, "system"));
      }
    });
  });
}
