import { type DatabaseHandle, LOCK_APPLICATION_PREFIX } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFeedLeadership, FEED_LEADER_LOCK } from "../src/freshness/leadership.js";
import { silentLogger } from "../src/ingest/ingest.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the feed's leadership on ${target.kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await target.open("feed_leadership");
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
    });

    /** A node's campaign, recording its terms as `lead`/`stepDown` calls. */
    const node = (name: string) => {
      const terms: string[] = [];
      let ended = () => {};
      const stepped = new Promise<void>((resolve) => {
        ended = resolve;
      });
      const leadership = createFeedLeadership({
        database: handle,
        node: name,
        log: silentLogger,
        // the test campaigns itself
        pollMs: 3_600_000,
        lead: async () => {
          terms.push("lead");
        },
        stepDown: async () => {
          terms.push("step down");
          ended();
        },
      });
      return { leadership, terms, stepped };
    };

    it("lets one node lead; another takes over once it stops", async () => {
      const a = node("node-a");
      const b = node("node-b");
      await a.leadership.start();
      await b.leadership.start();
      expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([true, false]);
      expect(await handle.lockHolder(FEED_LEADER_LOCK)).toBe("node-a");
      await a.leadership.stop();
      expect(a.terms).toEqual(["lead", "step down"]);
      await b.leadership.campaign();
      expect(b.leadership.isLeader()).toBe(true);
      expect(b.terms).toEqual(["lead"]);
      await b.leadership.stop();
    });

    it.skipIf(target.kind !== "postgres")(
      "stops the feed at once when the lead's session is lost",
      async () => {
        const a = node("node-a");
        await a.leadership.start();
        expect(a.leadership.isLeader()).toBe(true);
        await handle.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${`${LOCK_APPLICATION_PREFIX}node-a`}`,
        );
        await a.stepped;
        expect(a.leadership.isLeader()).toBe(false);
        expect(a.terms).toEqual(["lead", "step down"]);
        // its next attempt takes the lead again on a new session
        await a.leadership.campaign();
        expect(a.leadership.isLeader()).toBe(true);
        await a.leadership.stop();
      },
    );
  });
}
