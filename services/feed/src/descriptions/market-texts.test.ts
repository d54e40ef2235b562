import { describe, expect, it } from "vitest";
import { MARKETS, marketNameTranslations, outcomeNameTranslations } from "../markets.js";
import { LANGUAGE_TEXTS } from "./market-texts.js";

/** A template that is only placeholders, scores and signs reads the same in every language. */
const wordless = (template: string) => !/[A-Za-z]/.test(template.replace(/\{[^}]*\}/g, ""));

describe("market descriptions in every language", () => {
  const templates = new Set<string>();
  for (const m of MARKETS.values()) {
    templates.add(m.name);
    for (const o of Object.values(m.outcomes)) templates.add(o);
  }
  const worded = [...templates].filter((t) => !wordless(t));

  it.each(Object.keys(LANGUAGE_TEXTS))("%s words every template with the same placeholders", (locale) => {
    const texts = LANGUAGE_TEXTS[locale];
    if (!texts) throw new Error(locale);
    const placeholders = (t: string) => (t.match(/\{[^}]*\}/g) ?? []).sort();
    for (const t of worded) {
      const own = texts.templates[t];
      expect(own, `${locale}: ${t}`).toBeDefined();
      expect(placeholders(own ?? ""), `${locale}: ${t}`).toEqual(placeholders(t));
    }
    // nothing worded for a template the catalogue does not have
    for (const t of Object.keys(texts.templates)) expect(templates.has(t), `${locale}: ${t}`).toBe(true);
  });

  it("renders specifiers, ordinals and competitors in each language's order", () => {
    const names = { home: "Eastmoor FC", away: "Ashford Town" };
    expect(marketNameTranslations(202, "setnr=2", names)).toMatchObject({
      de: "2. Satz – Sieger",
      "pt-BR": "2º set – vencedor",
      ar: "المجموعة 2 – الفائز",
    });
    expect(outcomeNameTranslations(18, "12", "total=2.5", names)).toMatchObject({
      tr: "2.5 üst",
      es: "Más de 2.5",
    });
    expect(outcomeNameTranslations(10, "9", "", names).de).toBe("Eastmoor FC oder Unentschieden");
    // competitors and scores need no wording
    expect(outcomeNameTranslations(1, "1", "", names)).toEqual({});
    expect(outcomeNameTranslations(45, "274", "", names)).toEqual({});
  });
});
