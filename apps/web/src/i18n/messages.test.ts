import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { ERROR_PAGE_LOCALES, MESSAGE_LOCALES } from "../lib/locales";
import { MESSAGE_FORMATS } from "./messages";

const dir = join(import.meta.dirname, "..", "messages");
const errorDir = join(import.meta.dirname, "..", "error-texts");
const readFrom = (folder: string, file: string) =>
  JSON.parse(readFileSync(join(folder, file), "utf8")) as Record<string, unknown>;
const read = (file: string) => readFrom(dir, file);

function leaves(obj: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
  }
  return out;
}

const en = leaves(read("en.json"));

describe("UI messages", () => {
  it("holds the SPEC §8 keys", () => {
    for (const key of [
      "global-error.default.title",
      "global-error.default.description",
      "error.connection.title",
      "error.connection.description",
      "sb.ticket.not-available.label",
      "sb.ticket.suspended.label",
    ])
      expect(en.has(key), key).toBe(true);
  });

  it("defines every named style a message uses, which compiled messages only name", () => {
    const named = new Set<string>();
    for (const locale of MESSAGE_LOCALES)
      for (const text of leaves(read(`${locale}.json`)).values())
        for (const m of text.matchAll(/\{\s*\w+\s*,\s*(number|date|time)\s*,\s*(\w+)\s*\}/g))
          named.add(`${m[1]}.${m[2]}`);
    expect(named.size).toBeGreaterThan(0);
    const defined = new Set(Object.keys(MESSAGE_FORMATS.number).map((k) => `number.${k}`));
    for (const style of named) expect(defined.has(style), style).toBe(true);
  });

  it.each(MESSAGE_LOCALES.filter((l) => l !== "en"))(
    "%s is complete: every English key, no extra key, valid ICU",
    (locale) => {
      const m = leaves(read(`${locale}.json`));
      expect([...m.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of m) {
        expect(() => new IntlMessageFormat(text, locale), key).not.toThrow();
        // A translation that equals English is allowed only for names and symbols.
        if (text.length > 12 && text === en.get(key)) throw new Error(`${locale} ${key} is untranslated`);
      }
    },
  );
});

describe("error pages (SPEC §2: about 35 locales)", () => {
  const files = readdirSync(errorDir).map((f) => f.replace(/\.json$/, ""));
  it("has a file per error-page locale and at least 35 of them", () => {
    expect(files.sort()).toEqual([...ERROR_PAGE_LOCALES].sort());
    expect(files.length).toBeGreaterThanOrEqual(35);
  });
  it.each([...ERROR_PAGE_LOCALES])(
    "%s has every text, and the blocked text keeps {countryName}",
    (locale) => {
      const t = readFrom(errorDir, `${locale}.json`);
      for (const k of ["notFound", "serverError", "blocked", "blockedHere", "locked", "goHome", "fallback"])
        expect(typeof t[k], k).toBe("string");
      expect(t.blocked).toContain("{countryName}");
    },
  );
});
