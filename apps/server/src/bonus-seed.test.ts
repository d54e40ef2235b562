import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

  it("words every name, description and terms of the demo set in each language the site speaks", () => {
    const messages = join(dirname(DEMO_BONUSES_FILE), "..", "web", "src", "messages");
    const locales = readdirSync(messages)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(locales).toContain("de");
    const demo = bonusSeedSchema.parse(JSON.parse(readFileSync(DEMO_BONUSES_FILE, "utf8")));
    const texts = [
      ...Object.entries(demo.bonuses).flatMap(([key, b]) =>
        Object.entries({ name: b.name, description: b.description, rules: b.rules }).map(
          ([field, t]) => [`${key}.${field}`, t] as const,
        ),
      ),
      ...Object.entries(demo.jackpots).flatMap(([key, j]) => [
        [`${key}.name`, j.name] as const,
        ...j.levels.map((l) => [`${key}.${l.code}`, l.name] as const),
      ]),
    ];
    // a text a bonus does not have at all (a prize without a description) is not missing
    const missing = texts.flatMap(([where, t]) =>
      t ? locales.filter((l) => !t[l]?.trim()).map((l) => `${where} ${l}`) : [],
    );
    expect(missing).toEqual([]);
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
