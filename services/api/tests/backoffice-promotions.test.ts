import { bonusSeedSchema } from "@sportsbook/contracts";
import { bonuses, jackpotLevels, jackpots, staff, staffAudit } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDemoAdmin, seedBonuses, totpCode } from "../src/index.js";
import { type ErrorJson, type Harness, json, startHarness } from "./support/harness.js";

const PASSWORD = "marketing password 1";

/** A promo-code freebet as the desk's form sends it. */
const freebet = (over: Record<string, unknown> = {}) => ({
  kind: "freebet",
  name: { en: "Derby freebet", de: "Derby-Gratiswette" },
  description: { en: "A free bet for the derby.", de: "Eine Gratiswette zum Derby." },
  rules: { en: "One use." },
  issued_by: "promo_code",
  promo_code: "DERBY5",
  uses_count: 1,
  valid_days: 7,
  country_codes: ["DE"],
  banners: [{ id: "derby", desktop: { url: "/promotions/welcome-freebet.svg", alt: "Derby" } }],
  valid_from: "2026-05-01T00:00:00.000Z",
  valid_to: "2026-07-01T00:00:00.000Z",
  terms: { amounts: { EUR: 500 }, min_odds: 1500 },
  ...over,
});

const jackpot = (over: Record<string, unknown> = {}) => ({
  name: { en: "Derby jackpot", es: "Bote del derbi" },
  currency: "EUR",
  contribution_bp: 100,
  min_stake: 100,
  levels: [
    { code: "mini", name: { en: "Mini" }, share_bp: 6000, seed_amount: 100, drop_at: 1000 },
    { code: "maxi", name: { en: "Maxi" }, share_bp: 4000, seed_amount: 1000, drop_at: 10000 },
  ],
  ...over,
});

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`the promotions desk (${target.kind})`, () => {
    let h: Harness;
    const headers = new Map<string, Record<string, string>>();
    const bo = (who: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
      h.api.app.inject({
        method,
        url: `/api/backoffice${url}`,
        headers: headers.get(who) ?? {},
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      });
    /** Signs a member of `role` in (the demo admin command makes the member; the role is set on its row). */
    const member = async (role: string) => {
      const email = `${role}@promotions.example`;
      await ensureDemoAdmin(h.api.ctx, { password: PASSWORD, email });
      await h.handle.db.update(staff).set({ role }).where(eq(staff.email, email));
      const [row] = await h.handle.db.select().from(staff).where(eq(staff.email, email));
      const res = await h.api.app.inject({
        method: "POST",
        url: "/api/backoffice/session",
        payload: { email, password: PASSWORD, code: totpCode(email, row?.totpSecret ?? "", h.clock.now) },
      });
      expect(res.statusCode, res.body).toBe(200);
      headers.set(role, {
        cookie: `sb_staff=${res.cookies.find((c) => c.name === "sb_staff")?.value}`,
        "x-csrf-token": json<{ data: { csrf_token: string } }>(res).data.csrf_token,
      });
    };
    /** The player-side list in a language, as a visitor reads it. */
    const promotions = async (locale: string, filter = "valid") =>
      json<{ data: { name: string; description: string; promo_code_required: boolean }[] }>(
        await h.api.app.inject({
          method: "GET",
          url: `/api/bonuses?filter=${filter}&limit=100`,
          headers: { "accept-language": locale },
        }),
      ).data;
    const audits = (action: string) =>
      h.handle.db.select().from(staffAudit).where(eq(staffAudit.action, action));
    const counts = async () => ({
      bonuses: Number((await h.handle.db.select({ n: sql<number>`count(*)` }).from(bonuses))[0]?.n),
      jackpots: Number((await h.handle.db.select({ n: sql<number>`count(*)` }).from(jackpots))[0]?.n),
      audit: Number((await h.handle.db.select({ n: sql<number>`count(*)` }).from(staffAudit))[0]?.n),
    });

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_promotions");
      for (const role of ["marketing", "support", "auditor"]) await member(role);
    }, 120_000);
    afterAll(async () => h?.close());

    it("creates a bonus that players see at once in their language, falling back to English, audited", async () => {
      const res = await bo("marketing", "POST", "/promotions/bonuses", {
        key: "derby",
        definition: freebet(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: { definition: Record<string, unknown> } }>(res).data.definition).toMatchObject({
        kind: "freebet",
        promo_code: "DERBY5",
        valid_to: "2026-07-01T00:00:00.000Z",
        terms: { amounts: { EUR: 500 }, min_odds: 1500, match_status: "all" },
      });
      expect((await promotions("de-DE")).find((b) => b.name === "Derby-Gratiswette")).toMatchObject({
        description: "Eine Gratiswette zum Derby.",
        promo_code_required: true,
      });
      expect((await promotions("tr")).map((b) => b.name)).toContain("Derby freebet");
      const [entry] = await audits("promotion.bonus_created");
      expect(entry).toMatchObject({ targetType: "bonus", targetId: "derby", before: null });
      expect(entry?.after).toMatchObject({ promo_code: "DERBY5", name: { de: "Derby-Gratiswette" } });

      const list = json<{ data: { bonuses: { key: string; phase: string }[] } }>(
        await bo("auditor", "GET", "/promotions"),
      ).data.bonuses;
      expect(list.find((b) => b.key === "derby")?.phase).toBe("running");
    });

    it("edits the whole definition, reads it back as the form edits it, and audits before and after", async () => {
      const edited = freebet({
        name: { en: "Derby freebet+", de: "Derby-Gratiswette+" },
        promo_code: "DERBY10",
      });
      const res = await bo("marketing", "PUT", "/promotions/bonuses/derby", edited);
      expect(res.statusCode, res.body).toBe(200);
      const stored = json<{ data: { definition: Record<string, unknown> } }>(
        await bo("marketing", "GET", "/promotions/bonuses/derby"),
      ).data.definition;
      expect(stored).toMatchObject({ name: edited.name, promo_code: "DERBY10", country_codes: ["DE"] });
      expect((await promotions("de")).map((b) => b.name)).toContain("Derby-Gratiswette+");
      const [entry] = await audits("promotion.bonus_updated");
      expect(entry?.before).toMatchObject({ promo_code: "DERBY5" });
      expect(entry?.after).toMatchObject({ promo_code: "DERBY10" });
      expect((await bo("marketing", "PUT", "/promotions/bonuses/nobody", edited)).statusCode).toBe(404);
    });

    it("refuses bad input with the field at fault, a taken promo code and a taken key, writing nothing", async () => {
      await bo("marketing", "POST", "/promotions/bonuses", {
        key: "other-code",
        definition: freebet({ promo_code: "OTHER1" }),
      });
      const before = await counts();
      const cases: [string, string, unknown, number, string][] = [
        [
          "POST",
          "/promotions/bonuses",
          { key: "x1", definition: freebet({ name: { de: "Nur Deutsch" } }) },
          1000,
          "definition.name",
        ],
        [
          "POST",
          "/promotions/bonuses",
          { key: "x2", definition: freebet({ valid_to: "2026-04-01T00:00:00Z" }) },
          1000,
          "valid_to",
        ],
        [
          "POST",
          "/promotions/bonuses",
          { key: "x3", definition: freebet({ terms: { amounts: {} } }) },
          1000,
          "terms.amounts",
        ],
        [
          "POST",
          "/promotions/bonuses",
          { key: "x4", definition: freebet({ promo_code: "no" }) },
          1000,
          "promo_code",
        ],
        ["POST", "/promotions/bonuses", { key: "Bad Key", definition: freebet() }, 1000, "key"],
        [
          "POST",
          "/promotions/bonuses",
          { key: "x5", definition: freebet({ promo_code: "DERBY10" }) },
          1270,
          "promo_code",
        ],
        ["PUT", "/promotions/bonuses/other-code", freebet({ promo_code: "DERBY10" }), 1270, "promo_code"],
        [
          "POST",
          "/promotions/bonuses",
          { key: "derby", definition: freebet({ promo_code: "NEW123" }) },
          1271,
          "key",
        ],
        [
          "POST",
          "/promotions/jackpots",
          { key: "j1", definition: jackpot({ contribution_bp: 0 }) },
          1000,
          "contribution_bp",
        ],
      ];
      for (const [method, url, payload, code, field] of cases) {
        const res = await bo("marketing", method as "POST", url, payload);
        const body = json<ErrorJson>(res);
        expect([res.statusCode, body.code], `${url} ${field}`).toEqual([400, code]);
        expect(
          body.data.details?.some((d) => d.field.endsWith(field)),
          `${field} in ${JSON.stringify(body.data.details)}`,
        ).toBe(true);
      }
      const shares = json<ErrorJson>(
        await bo("marketing", "POST", "/promotions/jackpots", {
          key: "j2",
          definition: jackpot({ levels: [jackpot().levels[0]] }),
        }),
      );
      expect(shares.data.details?.[0]?.message).toMatch(/shares sum to 6000/);
      expect(await counts()).toEqual(before);
    });

    it("lets one of two creations racing for a key or a promo code through, refusing the other", async () => {
      const race = (key: string, code: string) =>
        bo("marketing", "POST", "/promotions/bonuses", { key, definition: freebet({ promo_code: code }) });
      const sameKey = await Promise.all([race("racer", "RACE1"), race("racer", "RACE2")]);
      const byNumber = (a: number, b: number) => a - b;
      expect(sameKey.map((r) => r.statusCode).sort(byNumber)).toEqual([200, 400]);
      expect(sameKey.map((r) => (r.statusCode === 400 ? json<ErrorJson>(r).code : 0)).sort(byNumber)).toEqual(
        [0, 1271],
      );
      const sameCode = await Promise.all([race("racer-a", "RACE3"), race("racer-b", "RACE3")]);
      expect(
        sameCode.map((r) => (r.statusCode === 400 ? json<ErrorJson>(r).code : r.statusCode)).sort(byNumber),
      ).toEqual([200, 1270]);
      expect(await audits("promotion.bonus_created")).toHaveLength(4);
    });

    it("ends a bonus now: players no longer see it running, and ending it again changes nothing", async () => {
      const res = await bo("marketing", "POST", "/promotions/bonuses/derby/end");
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: { definition: { valid_to: string } } }>(res).data.definition.valid_to).toBe(
        h.clock.now.toISOString(),
      );
      expect((await promotions("en")).map((b) => b.name)).not.toContain("Derby freebet+");
      expect((await promotions("en", "past")).map((b) => b.name)).toContain("Derby freebet+");
      expect(await audits("promotion.bonus_ended")).toHaveLength(1);
      expect((await bo("marketing", "POST", "/promotions/bonuses/derby/end")).statusCode).toBe(200);
      expect(await audits("promotion.bonus_ended")).toHaveLength(1);
    });

    it("ends an upcoming bonus without a start after its end", async () => {
      const upcoming = freebet({
        promo_code: "SOON1",
        valid_from: "2026-08-01T00:00:00.000Z",
        valid_to: undefined,
      });
      expect(
        (await bo("marketing", "POST", "/promotions/bonuses", { key: "soon", definition: upcoming }))
          .statusCode,
      ).toBe(200);
      const ended = json<{ data: { definition: Record<string, unknown> } }>(
        await bo("marketing", "POST", "/promotions/bonuses/soon/end"),
      ).data.definition;
      expect(ended.valid_from).toBeUndefined();
      expect(ended.valid_to).toBe(h.clock.now.toISOString());
    });

    it("creates, edits and ends a jackpot; its levels keep their pools", async () => {
      expect(
        (await bo("marketing", "POST", "/promotions/jackpots", { key: "derby-pot", definition: jackpot() }))
          .statusCode,
      ).toBe(200);
      const [row] = await h.handle.db.select().from(jackpots).where(eq(jackpots.key, "derby-pot"));
      await h.handle.db
        .update(jackpotLevels)
        .set({ poolAmount: 500 })
        .where(and(eq(jackpotLevels.jackpotId, row?.id ?? 0), eq(jackpotLevels.code, "mini")));
      const res = await bo(
        "marketing",
        "PUT",
        "/promotions/jackpots/derby-pot",
        jackpot({ contribution_bp: 300 }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [mini] = await h.handle.db
        .select()
        .from(jackpotLevels)
        .where(and(eq(jackpotLevels.jackpotId, row?.id ?? 0), eq(jackpotLevels.code, "mini")));
      expect(mini?.poolAmount).toBe(500);
      const listed = await h.api.app.inject({
        method: "GET",
        url: "/api/jackpots",
        headers: { "accept-language": "es" },
      });
      expect(json<{ data: { name: string }[] }>(listed).data.map((j) => j.name)).toContain("Bote del derbi");
      expect((await bo("marketing", "POST", "/promotions/jackpots/derby-pot/end")).statusCode).toBe(200);
      expect(await h.api.ctx.jackpots.list(h.api.ctx)).not.toContainEqual(
        expect.objectContaining({ id: row?.id }),
      );
      expect((await audits("promotion.jackpot_created")).length).toBe(1);
      expect((await audits("promotion.jackpot_updated"))[0]?.after).toMatchObject({ contribution_bp: 300 });
      expect((await audits("promotion.jackpot_ended")).length).toBe(1);
    });

    it("is refused to the wrong role, writing nothing", async () => {
      const before = await counts();
      const res = await bo("support", "POST", "/promotions/bonuses", {
        key: "sneaky",
        definition: freebet({ promo_code: "SNEAKY" }),
      });
      expect([res.statusCode, json<ErrorJson>(res).code]).toEqual([403, 1004]);
      const read = await bo("support", "GET", "/promotions");
      expect(read.statusCode).toBe(403);
      const auditor = await bo("auditor", "POST", "/promotions/bonuses/derby/end");
      expect(auditor.statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it("leaves a definition staff changed on the desk as they made it when the seed file is imported again", async () => {
      const seed = bonusSeedSchema.parse({
        bonuses: {
          "other-code": freebet({ promo_code: "OTHER1", name: { en: "From the file" } }),
          "file-only": freebet({ promo_code: "FILE1", name: { en: "File only" } }),
        },
      });
      expect(await seedBonuses(h.api.ctx, seed)).toBe(1);
      const stored = await h.handle.db.select().from(bonuses).where(eq(bonuses.key, "other-code"));
      expect(stored[0]?.name.en).toBe("Derby freebet");
      const fileOnly = await h.handle.db.select().from(bonuses).where(eq(bonuses.key, "file-only"));
      expect(fileOnly[0]?.name.en).toBe("File only");
    });
  });
}
