import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./database.js";
import { exclusiveRunner, LOCK_APPLICATION_PREFIX } from "./session-lock.js";
import { databaseTargets } from "./testing.js";

const KEY = { classId: 0x5342, objId: 99 };

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`a session lock on ${target.kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await target.open("session_lock");
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
    });

    it("runs an exclusive job on one node at a time: the other skips it, and may run it after", async () => {
      const onA = exclusiveRunner(() => handle.sessionLock(KEY, "node-a"));
      const onB = exclusiveRunner(() => handle.sessionLock(KEY, "node-b"));
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = onA(async () => {
        started();
        await held;
        return "a";
      });
      await running;
      expect(await onB(async () => "b")).toBeUndefined();
      release();
      expect(await first).toBe("a");
      expect(await onB(async () => "b")).toBe("b");
      expect(await handle.lockHolder(KEY)).toBeNull();
      await expect(onA(async () => Promise.reject(new Error("job failed")))).rejects.toThrow("job failed");
      expect(await handle.lockHolder(KEY)).toBeNull();
    });

    it("is held by one node at a time, named to every node, and free once released", async () => {
      const a = handle.sessionLock(KEY, "node-a");
      const b = handle.sessionLock(KEY, "node-b");
      expect(await handle.lockHolder(KEY)).toBeNull();
      expect(await a.tryAcquire()).toBe(true);
      expect(await a.tryAcquire()).toBe(true);
      expect(await b.tryAcquire()).toBe(false);
      expect(await a.check()).toBe(true);
      expect(await b.check()).toBe(false);
      expect(await handle.lockHolder(KEY)).toBe("node-a");
      await a.release();
      expect(await a.check()).toBe(false);
      expect(await b.tryAcquire()).toBe(true);
      expect(await handle.lockHolder(KEY)).toBe("node-b");
      await b.release();
      expect(await handle.lockHolder(KEY)).toBeNull();
    });

    it.skipIf(target.kind !== "postgres")(
      "is lost with its session, which tells its holder and frees it for another node",
      async () => {
        const a = handle.sessionLock(KEY, "node-a");
        const b = handle.sessionLock(KEY, "node-b");
        const lost = new Promise<unknown>((resolve) => a.onLost(resolve));
        expect(await a.tryAcquire()).toBe(true);
        // the holder's session ends as it would with its host gone: the server ends it
        await handle.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${`${LOCK_APPLICATION_PREFIX}node-a`}`,
        );
        await lost;
        expect(await a.check()).toBe(false);
        expect(await b.tryAcquire()).toBe(true);
        expect(await handle.lockHolder(KEY)).toBe("node-b");
        await b.release();
      },
    );
  });
}
