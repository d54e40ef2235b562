import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppContext } from "@sportsbook/api";
import { bonusSeedSchema } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import { bonusSeedFile, DEMO_BONUSES_FILE, seedBonusFile } from "./bonus-seed.js";
import { ConfigError, readConfig } from "./config.js";

describe("the bonus seed file", () => {
  it("ships a demo set that passes the definition schema: every kind, each reward it names, a jackpot", () => {
    const demo = bonusSeedSchema.parse(JSON.parse(readFileSync(DEMO_BONUSES_FILE, "utf8")));
    expect(Object.values(demo.bonuses).map((b) => [b.kind, b.issued_by])).toEqual([
      ["freebet", "sign_up"],
      ["comboboost", "sign_up"],
      ["freebet_all_win", "promo_code"],
      ["tournament", "sign_up"],
      ["freebet", "manual"],
      ["lootbox", "sign_up"],
      ["freebet", "manual"],
      ["freebet", "manual"],
      ["freebet", "manual"],
      ["freebet_amb", "sign_up"],
      ["freebet", "manual"],
    ]);
    // every key a bonus names (a reward, a lootbox place's prize, the points a boost spends) is defined
    const named = JSON.stringify(Object.values(demo.bonuses).map((b) => b.terms)).matchAll(
      /"(?:reward_bonus|by_bonus)":"([^"]+)"/g,
    );
    const keys = [...named].map((m) => m[1]);
    expect(keys.length).toBe(6);
    for (const key of keys) expect(Object.keys(demo.bonuses)).toContain(key);
    expect(Object.values(demo.jackpots).map((j) => j.levels.map((l) => l.code))).toEqual([
      ["mini", "major", "mega"],
    ]);
  });

  it("is the named file, else the data folder's, else the demo set in demo mode only", () => {
    const dir = mkdtempSync(join(tmpdir(), "sb-bonus-seed-"));
    expect(bonusSeedFile(readConfig({ DATA_DIR: dir, BONUSES_FILE: "/etc/b.json" }), true)).toBe(
      "/etc/b.json",
    );
    expect(bonusSeedFile(readConfig({ DATA_DIR: dir }), true)).toBe(DEMO_BONUSES_FILE);
    expect(bonusSeedFile(readConfig({ DATA_DIR: dir }), false)).toBeUndefined();
    writeFileSync(join(dir, "bonuses.json"), "{}");
    expect(bonusSeedFile(readConfig({ DATA_DIR: dir }), false)).toBe(join(dir, "bonuses.json"));
  });

  it("stops start-up on a bad file, naming each wrong field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sb-bonus-seed-"));
    const file = join(dir, "bonuses.json");
    // validation comes before any write, so no database is reached
    const ctx = {} as AppContext;
    writeFileSync(file, "{not json");
    await expect(seedBonusFile(ctx, file)).rejects.toThrow(ConfigError);
    writeFileSync(
      file,
      JSON.stringify({
        bonuses: { welcome: { kind: "freebet", name: { de: "x" }, issued_by: "sign_up", terms: {} } },
      }),
    );
    const error = await seedBonusFile(ctx, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/bonuses\.welcome\.name/);
    expect(String((error as Error).message)).toMatch(/bonuses\.welcome\.terms\.amounts/);
  });
});
