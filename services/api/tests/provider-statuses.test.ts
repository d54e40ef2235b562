import { feedProducers } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, json, startHarness } from "./support/harness.js";

type Settings = { data: { provider_statuses: Record<string, boolean> } };

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`GET /settings provider statuses on ${target.kind}`, () => {
    let h: Harness;
    const statuses = async () =>
      json<Settings>(await h.api.app.inject({ method: "GET", url: "/api/settings" })).data.provider_statuses;
    const producer = (provider: string, producerId: number, status: "up" | "down") =>
      h.handle.db
        .insert(feedProducers)
        .values({ provider, producerId, name: `${provider} ${producerId}`, status })
        .onConflictDoUpdate({ target: [feedProducers.provider, feedProducers.producerId], set: { status } });
    beforeAll(async () => {
      h = await startHarness(target, "api_provider_statuses");
    });
    afterAll(async () => h?.close());

    it("counts a provider no producer of which was heard of as up", async () => {
      expect(await statuses()).toEqual({ betradar: true, oddin: true, betconstruct: true });
    });

    it("reads a provider with one producer down as down, and up again once it recovers", async () => {
      await producer("oddin", 1, "up");
      await producer("oddin", 2, "down");
      await producer("betradar", 1, "up");
      expect(await statuses()).toEqual({ betradar: true, oddin: false, betconstruct: true });
      await producer("oddin", 2, "up");
      expect(await statuses()).toEqual({ betradar: true, oddin: true, betconstruct: true });
    });

    it("ignores producers of providers the book does not know", async () => {
      await producer("acme", 1, "down");
      expect(Object.keys(await statuses()).sort()).toEqual(["betconstruct", "betradar", "oddin"]);
    });
  });
}
