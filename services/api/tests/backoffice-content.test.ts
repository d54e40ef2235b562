import { siteSettingsVersions, staffAudit } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { desc, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorJson, type Harness, json, startHarness } from "./support/harness.js";
import { type StaffDesk, staffDesk } from "./support/staff.js";

interface Version {
  id: number;
  status: string;
  note: string;
  created_by: string | null;
  published_at: string | null;
  current: boolean;
  document: Record<string, unknown>;
}
interface Published {
  data: { version: number; document: Record<string, unknown> };
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`site content versions through the back office (${target.kind})`, () => {
    let h: Harness;
    let desk: StaffDesk;
    const marketing = () => desk.as("marketing");
    const published = async (headers: Record<string, string> = {}) =>
      h.api.app.inject({ method: "GET", url: "/api/site-settings", headers });
    const draft = async (document: unknown, note = "") => {
      const res = await desk.call("POST", "/content/versions", marketing(), { document, note });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: Version }>(res).data;
    };
    const rows = () => h.handle.db.select().from(siteSettingsVersions);
    const contentAudit = () =>
      h.handle.db
        .select()
        .from(staffAudit)
        .where(like(staffAudit.action, "content.%"))
        .orderBy(desc(staffAudit.id));

    beforeAll(async () => {
      h = await startHarness(target, "backoffice_content");
      desk = await staffDesk(h, ["admin", "marketing", "trader", "auditor"]);
    }, 180_000);
    afterAll(async () => h?.close());

    it("serves the defaults (version 0) before any version exists, then a draft is not what pages see", async () => {
      const before = json<Published>(await published()).data;
      expect(before).toEqual({ version: 0, document: {} });
      const saved = await draft({ siteName: "Draft book" }, "first try");
      expect(saved).toMatchObject({
        status: "draft",
        note: "first try",
        created_by: "marketing@staff.example",
        published_at: null,
        current: false,
        document: { siteName: "Draft book" },
      });
      expect(json<Published>(await published()).data.version).toBe(0);
      const [audit] = await contentAudit();
      expect(audit).toMatchObject({
        action: "content.draft_saved",
        staffEmail: "marketing@staff.example",
        targetType: "site_settings_version",
        targetId: String(saved.id),
      });
    });

    it("refuses an invalid document with every problem's path and writes nothing", async () => {
      const [versions, audits] = [(await rows()).length, (await contentAudit()).length];
      const res = await desk.call("POST", "/content/versions", marketing(), {
        document: {
          theme: "purple",
          customPages: [{ slug: "Bad Slug", title: "x", blocks: [] }],
          layout: { header: [{ kind: "nope" }] },
        },
      });
      expect([res.statusCode, json<ErrorJson>(res).code]).toEqual([400, 1000]);
      const fields = (json<ErrorJson>(res).data.details ?? []).map((d) => d.field).sort();
      expect(fields).toEqual([
        "document.customPages.0.slug",
        "document.layout.header.0.kind",
        "document.theme",
      ]);
      for (const bad of [[1, 2], "text", null]) {
        const refused = await desk.call("POST", "/content/versions", marketing(), { document: bad });
        expect([refused.statusCode, json<ErrorJson>(refused).code], JSON.stringify(bad)).toEqual([400, 1000]);
      }
      expect((await rows()).length).toBe(versions);
      expect((await contentAudit()).length).toBe(audits);
    });

    it("publishes a draft: pages see it at once, with an ETag that answers 304 until the next change", async () => {
      const saved = await draft({ siteName: "Published book", theme: "light" });
      const res = await desk.call("POST", `/content/versions/${saved.id}/publish`, marketing(), {
        note: "autumn look",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: Version }>(res).data).toMatchObject({ status: "published", current: true });
      const read = await published();
      expect(json<Published>(read).data).toEqual({
        version: saved.id,
        document: { siteName: "Published book", theme: "light" },
      });
      const etag = String(read.headers.etag);
      expect((await published({ "if-none-match": etag })).statusCode).toBe(304);
      // published once: it cannot be published again
      const again = await desk.call("POST", `/content/versions/${saved.id}/publish`, marketing(), {});
      expect([again.statusCode, json<ErrorJson>(again).code]).toEqual([400, 1272]);
      const [audit] = await contentAudit();
      expect(audit).toMatchObject({ action: "content.published", targetId: String(saved.id) });
      expect(audit?.after).toMatchObject({ current: saved.id, note: "autumn look" });
      const list = json<{ data: { current_id: number; versions: Version[] } }>(
        await desk.call("GET", "/content/versions", desk.as("auditor")),
      ).data;
      expect(list.current_id).toBe(saved.id);
      expect(list.versions[0]?.id).toBeGreaterThanOrEqual(saved.id);
      expect(list.versions.filter((v) => v.current).map((v) => v.id)).toEqual([saved.id]);
    });

    it("rolls back by publishing a copy of an earlier version; a draft cannot be rolled back to", async () => {
      const first = json<Published>(await published()).data;
      const second = await draft({ siteName: "Second book" });
      await desk.call("POST", `/content/versions/${second.id}/publish`, marketing(), {});
      expect(json<Published>(await published()).data.document).toEqual({ siteName: "Second book" });
      const res = await desk.call(
        "POST",
        `/content/versions/${first.version}/rollback`,
        desk.as("admin"),
        {},
      );
      expect(res.statusCode, res.body).toBe(200);
      const copy = json<{ data: Version }>(res).data;
      expect(copy.id).toBeGreaterThan(second.id);
      expect(copy).toMatchObject({ status: "published", current: true, document: first.document });
      expect(copy.note).toBe(`Rollback to version ${first.version}`);
      expect(json<Published>(await published()).data).toEqual({ version: copy.id, document: first.document });
      const [audit] = await contentAudit();
      expect(audit).toMatchObject({ action: "content.rolled_back", staffEmail: "admin@sportsbook.local" });
      expect(audit?.before).toEqual({ current: second.id });
      expect(audit?.after).toMatchObject({ current: copy.id, copy_of: first.version });
      // publishing a draft saved before the rollback makes it the current one again
      const waiting = await draft({ siteName: "Waiting book" });
      const refused = await desk.call("POST", `/content/versions/${waiting.id}/rollback`, marketing(), {});
      expect([refused.statusCode, json<ErrorJson>(refused).code]).toEqual([400, 1273]);
      await desk.call("POST", `/content/versions/${waiting.id}/publish`, marketing(), {});
      expect(json<Published>(await published()).data.version).toBe(waiting.id);
      const missing = await desk.call("POST", "/content/versions/999999/rollback", marketing(), {});
      expect([missing.statusCode, json<ErrorJson>(missing).code]).toEqual([404, 1005]);
    });

    it("previews a draft with a signed token only staff get; a forged or foreign token shows nothing", async () => {
      const saved = await draft({ siteName: "Preview book" });
      const res = await desk.call("POST", `/content/versions/${saved.id}/preview`, marketing());
      expect(res.statusCode, res.body).toBe(200);
      const { token } = json<{ data: { token: string } }>(res).data;
      const view = await h.api.app.inject({ method: "GET", url: `/api/site-settings?preview=${token}` });
      expect(json<Published>(view).data).toEqual({
        version: saved.id,
        document: { siteName: "Preview book" },
      });
      const forged = token.replace(/^\d+/, String(saved.id - 1));
      const refused = await h.api.app.inject({ method: "GET", url: `/api/site-settings?preview=${forged}` });
      expect([refused.statusCode, json<ErrorJson>(refused).code]).toEqual([401, 1001]);
      const malformed = await h.api.app.inject({ method: "GET", url: "/api/site-settings?preview=nope" });
      expect([malformed.statusCode, json<ErrorJson>(malformed).code]).toEqual([400, 1000]);
      expect((await contentAudit())[0]).toMatchObject({
        action: "content.previewed",
        targetId: String(saved.id),
      });
      // an expired token: the clock moves past its half hour
      h.clock.now = new Date(h.clock.now.getTime() + 31 * 60_000);
      const late = await h.api.app.inject({ method: "GET", url: `/api/site-settings?preview=${token}` });
      expect(late.statusCode).toBe(401);
    });

    it("refuses the desk to roles without it and writes nothing", async () => {
      const [versions, audits] = [(await rows()).length, (await contentAudit()).length];
      for (const role of ["trader", "auditor"] as const) {
        const res = await desk.call("POST", "/content/versions", desk.as(role), { document: {} });
        expect([res.statusCode, json<ErrorJson>(res).code], role).toEqual([403, 1004]);
        const publish = await desk.call("POST", "/content/versions/1/publish", desk.as(role), {});
        expect([publish.statusCode, json<ErrorJson>(publish).code], role).toEqual([403, 1004]);
      }
      const read = await desk.call("GET", "/content/versions", desk.as("trader"));
      expect([read.statusCode, json<ErrorJson>(read).code]).toEqual([403, 1004]);
      expect((await rows()).length).toBe(versions);
      expect((await contentAudit()).length).toBe(audits);
    });
  });
}
