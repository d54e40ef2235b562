import { errorResponseSchema, placeBetsResponseSchema } from "@sportsbook/contracts";
import { accounts, bets, ledgerImbalance, markets, outcomes } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupWrite } from "../src/bets/group-commit.js";
import {
  type BetWrite,
  type BetWriteOutcome,
  betGroupLanes,
  betGroupWrite,
  writeBets,
} from "../src/bets/write.js";
import { type ErrorJson, type Harness, json, type Player, player, startHarness } from "./support/harness.js";

// Bets that arrive while a group commit's transaction is in flight are written together in the next
// one. Each test holds the lane's first write at a gate, sends the bets that are to form one group,
// waits until all of them are queued and opens the gate: no timing decides what is grouped.
for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`group commit of bets on ${target.kind}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(target, "api_bet_groups");
    });
    afterAll(async () => h?.close());

    const bet = (outcome: { market_id: number; outcome_id: string; odds: number }, value: number) => ({
      meta: { device_id: "d1" },
      bets: [
        {
          type: "single",
          stake: { value, currency: "EUR" },
          selections: [{ match_id: h.fixture.matches.prematch.id, specifier: "", ...outcome }],
        },
      ],
    });
    const arsenalWin = { market_id: 1, outcome_id: "1", odds: 2100 };
    const draw = { market_id: 1, outcome_id: "2", odds: 3400 };
    const place = async (p: Player, body: ReturnType<typeof bet>) => {
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/bets",
        headers: p.headers,
        payload: body,
      });
      const answer: unknown = json(res);
      const schema = res.statusCode === 200 ? placeBetsResponseSchema : errorResponseSchema;
      if (res.statusCode !== 500) expect(schema.parse(answer)).toEqual(answer);
      return res;
    };
    const balanceOf = async (p: Player) => {
      const [a] = await h.handle.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.playerId, p.playerId), eq(accounts.currency, "EUR")));
      return a?.balance;
    };
    const betsOf = async (p: Player) => h.handle.db.select().from(bets).where(eq(bets.playerId, p.playerId));

    /**
     * Replaces the context's group commit by one lane over `write` whose first write waits for
     * `open()`. `queued(n)` resolves once n bets have been handed to the lane; `groups` lists the
     * sizes of the groups written together.
     */
    const gatedLane = (write: GroupWrite<BetWrite, BetWriteOutcome> = betGroupWrite(h.api.ctx)) => {
      let open: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      let held: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      let first = true;
      const groups: number[] = [];
      const lane = betGroupLanes(
        {
          together: (writes) => {
            groups.push(writes.length);
            return write.together(writes);
          },
          alone: async (w) => {
            if (first) {
              first = false;
              held();
              await gate;
            }
            return write.alone(w);
          },
          rolledBack: write.rolledBack,
        },
        1,
      );
      let submitted = 0;
      const waiters: { n: number; resolve: () => void }[] = [];
      const previous = h.api.ctx.betGroups;
      h.api.ctx.betGroups = {
        submit: (w) => {
          const outcome = lane.submit(w);
          submitted += 1;
          for (const waiter of waiters) if (submitted >= waiter.n) waiter.resolve();
          return outcome;
        },
      };
      return {
        groups,
        holding,
        open,
        queued: (n: number) =>
          new Promise<void>((resolve) => {
            if (submitted >= n) resolve();
            else waiters.push({ n, resolve });
          }),
        restore: () => {
          h.api.ctx.betGroups = previous;
        },
      };
    };

    /** Sends `blocker`'s bet, which holds the lane, then `rest`, and opens the lane once all are queued. */
    const inOneGroup = async (
      lane: ReturnType<typeof gatedLane>,
      blocker: Player,
      rest: [Player, ReturnType<typeof bet>][],
    ) => {
      const held = place(blocker, bet(arsenalWin, 1_00));
      await lane.holding;
      const answers = rest.map(([p, body]) => place(p, body));
      await lane.queued(1 + rest.length);
      lane.open();
      return { held: await held, answers: await Promise.all(answers) };
    };

    it("writes two bets of one player in one group in order: the second finds the balance the first left", async () => {
      const blocker = await player(h);
      const p = await player(h, { balance: 15_00 });
      const lane = gatedLane();
      try {
        const { held, answers } = await inOneGroup(lane, blocker, [
          [p, bet(arsenalWin, 10_00)],
          [p, bet(arsenalWin, 10_00)],
        ]);
        expect(held.statusCode).toBe(200);
        expect(lane.groups).toEqual([2]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
        const refused = answers.find((a) => a.statusCode === 400);
        expect(refused && json<ErrorJson>(refused).data.errors_by_bet).toMatchObject({
          "0": { code: 102, reason: "insufficient_funds" },
        });
      } finally {
        lane.restore();
      }
      expect(await balanceOf(p)).toBe(5_00);
      expect(await betsOf(p)).toHaveLength(1);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("answers a bet refused in a group as it would have been alone, and the others stand", async () => {
      const blocker = await player(h);
      const [q, r, s] = [await player(h), await player(h), await player(h)];
      // s's next bet is decided on what this one read, and the odds move before it is written
      const first = await place(s, bet(draw, 1_00));
      expect(first.statusCode, first.body).toBe(200);
      const [market] = await h.handle.db
        .select()
        .from(markets)
        .where(and(eq(markets.matchId, h.fixture.matches.prematch.id), eq(markets.marketId, 1)));
      const setDraw = (odds: number) =>
        h.handle.db
          .update(outcomes)
          .set({ odds })
          .where(and(eq(outcomes.marketRowId, market?.id ?? 0), eq(outcomes.outcomeId, "2")));
      await setDraw(3300);
      const lane = gatedLane();
      try {
        const { held, answers } = await inOneGroup(lane, blocker, [
          [q, bet(arsenalWin, 10_00)],
          [s, bet(draw, 10_00)],
          [r, bet(arsenalWin, 10_00)],
        ]);
        expect(held.statusCode).toBe(200);
        expect(lane.groups[0]).toBe(3);
        const [qAnswer, sAnswer, rAnswer] = answers;
        expect(qAnswer?.statusCode).toBe(200);
        expect(rAnswer?.statusCode).toBe(200);
        // the write found the odds moved, the bet was decided again on a fresh read and refused
        expect(sAnswer?.statusCode).toBe(400);
        const error = sAnswer && json<ErrorJson>(sAnswer);
        expect(error?.code).toBe(101);
        expect(error?.data.is_wrong_odds).toBe(true);
      } finally {
        lane.restore();
        await setDraw(3400);
      }
      expect(await balanceOf(q)).toBe(90_00);
      expect(await balanceOf(r)).toBe(90_00);
      expect(await balanceOf(s)).toBe(99_00);
      expect(await betsOf(s)).toHaveLength(1);
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("writes each bet again alone when the database refused the group's transaction", async () => {
      const blocker = await player(h);
      const [p, q] = [await player(h), await player(h)];
      const real = betGroupWrite(h.api.ctx);
      const lane = gatedLane({
        ...real,
        // the bets are written, then the transaction fails as a serialization failure would
        together: (writes) =>
          h.api.ctx.db.transaction(async (tx) => {
            await writeBets(h.api.ctx, tx, writes);
            throw Object.assign(new Error("could not serialize access"), { code: "40001" });
          }),
      });
      try {
        const { answers } = await inOneGroup(lane, blocker, [
          [p, bet(arsenalWin, 10_00)],
          [q, bet(arsenalWin, 10_00)],
        ]);
        expect(lane.groups).toEqual([2]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      } finally {
        lane.restore();
      }
      for (const each of [p, q]) {
        expect(await betsOf(each)).toHaveLength(1);
        expect(await balanceOf(each)).toBe(90_00);
      }
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });

    it("accepts no bet of a group whose commit may not have happened", async () => {
      const blocker = await player(h);
      const [p, q] = [await player(h), await player(h)];
      const lane = gatedLane({
        ...betGroupWrite(h.api.ctx),
        // the connection is lost around the commit: the lane cannot know whether it happened
        together: (writes) =>
          h.api.ctx.db.transaction(async (tx) => {
            await writeBets(h.api.ctx, tx, writes);
            throw new Error("Connection terminated unexpectedly");
          }),
      });
      try {
        const { answers } = await inOneGroup(lane, blocker, [
          [p, bet(arsenalWin, 10_00)],
          [q, bet(arsenalWin, 10_00)],
        ]);
        expect(lane.groups).toEqual([2]);
        expect(answers.map((a) => a.statusCode)).toEqual([500, 500]);
      } finally {
        lane.restore();
      }
      for (const each of [p, q]) {
        expect(await betsOf(each)).toHaveLength(0);
        expect(await balanceOf(each)).toBe(100_00);
      }
      expect(await ledgerImbalance(h.handle.db)).toBe(0);
    });
  });
}
