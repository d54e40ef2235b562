import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { siteSettingsVersions } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchSettingsFile } from "../src/content/settings-file.js";
import { seedSiteSettings } from "../src/index.js";
import { type Harness, json, startHarness } from "./support/harness.js";

const [pglite] = databaseTargets();

describe.skipIf(!pglite || pglite.skip)(
  "the site settings file: first start's import, watched changes",
  () => {
    let h: Harness;
    const dir = mkdtempSync(join(tmpdir(), "site-settings-"));
    const file = join(dir, "site-settings.json");
    let step = 0;
    const write = (text: string) => {
      writeFileSync(file, text);
      step += 1;
      const t = new Date(Date.now() + step * 1000);
      utimesSync(file, t, t);
    };
    const published = async () =>
      json<{ data: { version: number; document: unknown } }>(
        await h.api.app.inject({ method: "GET", url: "/api/site-settings" }),
      ).data;

    beforeAll(async () => {
      if (pglite) h = await startHarness(pglite, "site_settings_file");
    });
    afterAll(async () => {
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("refuses a broken or missing named file loudly, naming what is wrong, and imports nothing", async () => {
      write('{"theme": "purple", "locales": []}');
      await expect(seedSiteSettings(h.api.ctx, file, true)).rejects.toThrow(
        /^(?=.*invalid)(?=.*theme: )(?=.*locales: )/,
      );
      write("{ not json");
      await expect(seedSiteSettings(h.api.ctx, file, true)).rejects.toThrow(/not valid JSON/);
      await expect(seedSiteSettings(h.api.ctx, join(dir, "typo.json"), true)).rejects.toThrow(
        /cannot be read/,
      );
      expect(await h.handle.db.select().from(siteSettingsVersions)).toEqual([]);
    });

    it("imports the file as version 1 at first start, and leaves the versions alone on later starts", async () => {
      write('{"siteName": "From the file"}');
      const first = await seedSiteSettings(h.api.ctx, file, true);
      expect(first).toBeGreaterThan(0);
      expect(await published()).toEqual({ version: first, document: { siteName: "From the file" } });
      write('{"siteName": "Changed later"}');
      expect(await seedSiteSettings(h.api.ctx, file, true)).toBeUndefined();
      expect((await published()).document).toEqual({ siteName: "From the file" });
    });

    it("watched, publishes each change of the file; a broken one is counted and the version stays", async () => {
      const errors: Error[] = [];
      h.api.ctx.syncSiteSettingsFile = watchSettingsFile(h.api.ctx, file, (err) => errors.push(err));
      write('{"siteName": "Watched"}');
      expect((await published()).document).toEqual({ siteName: "Watched" });
      const version = (await published()).version;
      write('{"siteName": 7}');
      expect(await published()).toEqual({ version, document: { siteName: "Watched" } });
      expect(errors.map((e) => e.message).join()).toMatch(/siteName/);
      rmSync(file);
      expect(await published()).toMatchObject({ document: {} });
      h.api.ctx.syncSiteSettingsFile = undefined;
    });
  },
);
