import {
  authAttempts,
  exclusiveRunner,
  idempotencyKeys,
  playerActivity,
  playerTokens,
  sessionChecks,
  sessions,
} from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { like } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHousekeeping, pruneHousekeeping } from "../src/identity/housekeeping.js";
import { type AccountsHarness, registeredPlayer, startAccounts } from "./identity-harness.js";

const DAY = 86_400;

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`housekeeping of account rows (${target.kind})`, () => {
    let h: AccountsHarness;
    let playerId = 0;
    let cookie = "";
    const ago = (seconds: number) => new Date(h.clock.now.getTime() - seconds * 1000);
    const later = (seconds: number) => new Date(h.clock.now.getTime() + seconds * 1000);

    beforeAll(async () => {
      h = await startAccounts(target, "identity_housekeeping");
      ({ playerId, cookie } = await registeredPlayer(h, "tidy@example.com"));
    });
    afterAll(() => h.close());

    const session = (name: string, at: { created: Date; seen: Date; expires: Date; revoked?: Date }) => ({
      tokenHash: `hk-${name}`,
      playerId,
      csrfToken: "x",
      createdAt: at.created,
      lastSeenAt: at.seen,
      expiresAt: at.expires,
      revokedAt: at.revoked ?? null,
    });
    const names = async <T extends { name: string }>(rows: Promise<T[]>) =>
      (await rows).map((r) => r.name).sort();
    // The rows of `table` this suite made (named `hk-…`), by that name.
    const left = async (table: PgTable, column: PgColumn) =>
      (await h.handle.db.select({ name: column }).from(table).where(like(column, "hk-%")))
        .map((r) => String(r.name))
        .sort();
    const leftAttempts = () => left(authAttempts, authAttempts.subject);
    const leftTokens = () => left(playerTokens, playerTokens.tokenHash);
    const leftSessions = () => left(sessions, sessions.tokenHash);
    const leftChecks = () =>
      names(h.handle.db.select({ name: sessionChecks.sessionHash }).from(sessionChecks));
    const leftTicks = () => left(playerActivity, playerActivity.sessionHash);
    const leftKeys = () => left(idempotencyKeys, idempotencyKeys.key);

    it("deletes only rows no rate limit, link, session or time limit reads any more", async () => {
      const idempotencyKey = (name: string, at: Date) => ({
        playerId,
        scope: "place_bets",
        key: `hk-${name}`,
        requestHash: "h",
        responseStatus: 200,
        responseBody: { data: [] },
        createdAt: at,
      });
      await h.handle.db
        .insert(idempotencyKeys)
        .values([
          idempotencyKey("two-days-old", ago(2 * DAY)),
          idempotencyKey("25-hours-old", ago(25 * 3600)),
          idempotencyKey("an-hour-old", ago(3600)),
        ]);
      await h.handle.db.insert(authAttempts).values([
        ...[1, 2, 3, 4, 5].map((i) => ({
          action: "sign_in",
          ip: "10.0.0.1",
          subject: `hk-old-${i}`,
          success: false,
          createdAt: ago(2 * DAY),
        })),
        // Inside the one-hour window of the mail budget: must still count.
        { action: "mail", ip: "10.0.0.1", subject: "hk-recent", success: true, createdAt: ago(50 * 60) },
      ]);
      const token = (name: string, expires: Date, used: Date | null = null) => ({
        playerId,
        purpose: "reset_password",
        tokenHash: `hk-${name}`,
        expiresAt: expires,
        usedAt: used,
        createdAt: ago(3 * DAY),
      });
      await h.handle.db
        .insert(playerTokens)
        .values([
          token("expired-long-ago", ago(2 * DAY)),
          token("used-long-ago", later(DAY), ago(2 * DAY)),
          token("expired-an-hour-ago", ago(3600)),
          token("live", later(3600)),
        ]);
      await h.handle.db.insert(sessions).values([
        session("revoked-long-ago", {
          created: ago(50 * DAY),
          seen: ago(40 * DAY),
          expires: later(DAY),
          revoked: ago(40 * DAY),
        }),
        session("expired-long-ago", { created: ago(80 * DAY), seen: ago(40 * DAY), expires: ago(50 * DAY) }),
        // Ended, but inside the month a `time` limit measures.
        session("revoked-recently", {
          created: ago(20 * DAY),
          seen: ago(10 * DAY),
          expires: later(DAY),
          revoked: ago(10 * DAY),
        }),
        // Never ended: idle for long, still valid.
        session("live-idle", { created: ago(45 * DAY), seen: ago(40 * DAY), expires: later(DAY) }),
      ]);
      await h.handle.db.insert(sessionChecks).values([
        { sessionHash: "hk-revoked-long-ago", playerId, continuedAt: ago(40 * DAY) },
        { sessionHash: "hk-live-idle", playerId, continuedAt: ago(40 * DAY) },
      ]);
      const tick = (hash: string, at: Date) => ({
        playerId,
        sessionHash: `hk-${hash}`,
        seconds: 60,
        createdAt: at,
      });
      await h.handle.db
        .insert(playerActivity)
        .values([
          tick("revoked-long-ago", ago(40 * DAY)),
          tick("live-idle", ago(40 * DAY)),
          tick("revoked-recently", ago(10 * DAY)),
        ]);

      const report = await pruneHousekeeping(h.api.ctx, { batchSize: 2 });
      expect(report).toMatchObject({ sessions: 2, sessionChecks: 1, playerActivity: 1, idempotencyKeys: 2 });
      expect(report.authAttempts).toBeGreaterThanOrEqual(5);
      expect(report.playerTokens).toBeGreaterThanOrEqual(2);

      expect(await leftAttempts()).toEqual(["hk-recent"]);
      expect(await leftTokens()).toEqual(["hk-expired-an-hour-ago", "hk-live"]);
      expect(await leftSessions()).toEqual(["hk-live-idle", "hk-revoked-recently"]);
      expect(await leftChecks()).toEqual(["hk-live-idle"]);
      expect(await leftTicks()).toEqual(["hk-live-idle", "hk-revoked-recently"]);
      expect(await leftKeys()).toEqual(["hk-an-hour-old"]);

      // A second pass finds nothing more; the player's own fresh rows were never touched.
      expect(await pruneHousekeeping(h.api.ctx)).toEqual({
        expiredDeposits: 0,
        settledTournaments: 0,
        shareCodes: 0,
        authAttempts: 0,
        playerTokens: 0,
        sessions: 0,
        sessionChecks: 0,
        playerActivity: 0,
        idempotencyKeys: 0,
      });
      const me = await h.api.app.inject({ method: "GET", url: "/api/player/accounts", headers: { cookie } });
      expect(me.statusCode).toBe(200);
    });

    it("never shortens a rate-limit window or the month of time limits, whatever the options say", async () => {
      await h.handle.db.insert(authAttempts).values({
        action: "sign_up",
        ip: "10.0.0.2",
        subject: "hk-window",
        success: true,
        createdAt: ago(30 * 60),
      });
      await h.handle.db.insert(sessions).values(
        session("ended-20-days-ago", {
          created: ago(21 * DAY),
          seen: ago(20 * DAY),
          expires: ago(20 * DAY),
        }),
      );
      await pruneHousekeeping(h.api.ctx, { attemptsRetentionSeconds: 60, activityRetentionSeconds: DAY });
      expect(await leftAttempts()).toContain("hk-window");
      expect(await leftSessions()).toContain("hk-ended-20-days-ago");
    });

    it("runs periodically on the injected schedule and clock until stopped", async () => {
      let scheduled: { intervalMs: number; run: () => void } | undefined;
      let cancelled = false;
      const job = createHousekeeping(h.api.ctx, {
        every: (intervalMs, run) => {
          scheduled = { intervalMs, run };
          return () => {
            cancelled = true;
          };
        },
      });
      job.start(15 * 60_000);
      expect(scheduled?.intervalMs).toBe(15 * 60_000);

      await h.handle.db.insert(authAttempts).values({
        action: "mail",
        ip: "10.0.0.3",
        subject: "hk-ages",
        success: true,
        createdAt: h.clock.now,
      });
      scheduled?.run();
      await job.runOnce();
      expect(await leftAttempts()).toContain("hk-ages");

      // Two days later by the injected clock, the next pass removes it.
      h.advance(2 * DAY);
      scheduled?.run();
      await job.runOnce();
      expect(await leftAttempts()).not.toContain("hk-ages");

      await job.stop();
      expect(cancelled).toBe(true);
    });

    it("skips a pass while another node holds the job's lock, and prunes once it is free", async () => {
      const key = { classId: 0x5342, objId: 98 };
      const other = h.handle.sessionLock(key, "other-node");
      const job = createHousekeeping(h.api.ctx, {
        exclusive: exclusiveRunner(() => h.handle.sessionLock(key, "this-node")),
      });
      await h.handle.db.insert(authAttempts).values({
        action: "mail",
        ip: "10.0.0.4",
        subject: "hk-exclusive",
        success: true,
        createdAt: ago(2 * DAY),
      });
      expect(await other.tryAcquire()).toBe(true);
      expect((await job.runOnce()).authAttempts).toBe(0);
      expect(await leftAttempts()).toContain("hk-exclusive");
      await other.release();
      expect((await job.runOnce()).authAttempts).toBeGreaterThan(0);
      expect(await leftAttempts()).not.toContain("hk-exclusive");
    });
  });
}
