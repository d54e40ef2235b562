import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { ERROR_PAGE_LOCALES, MESSAGE_LOCALES } from "../lib/locales";

const dir = join(import.meta.dirname, "..", "messages");
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;

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
  const files = readdirSync(join(dir, "errors")).map((f) => f.replace(/\.json$/, ""));
  it("has a file per error-page locale and at least 35 of them", () => {
    expect(files.sort()).toEqual([...ERROR_PAGE_LOCALES].sort());
    expect(files.length).toBeGreaterThanOrEqual(35);
  });
  it.each([...ERROR_PAGE_LOCALES])(
    "%s has every text, and the blocked text keeps {countryName}",
    (locale) => {
      const t = read(`errors/${locale}.json`);
      for (const k of ["notFound", "serverError", "blocked", "blockedHere", "locked", "goHome", "fallback"])
        expect(typeof t[k], k).toBe("string");
      expect(t.blocked).toContain("{countryName}");
    },
  );
});
