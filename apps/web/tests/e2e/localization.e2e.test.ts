import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import ar from "../../src/messages/ar.json";
import de from "../../src/messages/de.json";
import { DESKTOP, launchChromium } from "./browser";

const base = inject("baseUrl");

/**
 * Proper names read the same in every language: the simulator's leagues named in their own
 * language, titles of games, and the brand. Competitors' names are read from the catalogue.
 */
const PROPER_NAMES = [
  "Primera Liga",
  "Erste Liga",
  "Serie Uno",
  "Division Une",
  "Eerste Klasse",
  "Counter-Strike",
  "Dota",
  "League of Legends",
  "LoL",
  "CS2",
  "ATP",
  "WTA",
  "Sportsbook",
  // the demo jackpot's pools: the operator names them alike in every language
  "Mini",
  "Major",
  "Mega",
  // the language menu names each language in itself
  "English",
  "Español",
  "Deutsch",
  "Português",
  "Brasil",
  "Türkçe",
  "العربية",
  "עברית",
];

/** Words a language writes as English does. */
const COGNATES: Record<string, string[]> = {
  de: [
    "Basketball",
    "Tennis",
    "Cricket",
    "Handicap",
    "Open",
    "Premier",
    "England",
    "International",
    "Live",
    "Top",
    "Chance",
    "Teams",
  ],
  ar: [],
};

/** The language's month and weekday names as dates print them. */
function monthWords(locale: string): string[] {
  const out: string[] = [];
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 1 + m));
    for (const month of ["short", "long"] as const)
      out.push(...wordsOf(d.toLocaleString(locale, { month, weekday: month, timeZone: "UTC" })));
  }
  return out;
}

const wordsOf = (text: string): string[] => text.match(/\p{L}{2,}/gu) ?? [];

/** Every word of a message catalogue's texts (ICU syntax words included: harmless here). */
function messageWords(messages: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") for (const w of wordsOf(v)) out.add(w);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(messages);
  return out;
}

interface MatchRow {
  id: number;
  slug: string;
  type: string;
  sport: { key: string };
  competitors: { home: { name: string } | null; away: { name: string } | null };
}

/** The catalogue's matches, and the words of its competitors' names (outright outcomes included). */
async function catalogue(): Promise<{ rows: MatchRow[]; names: string[] }> {
  const rows: MatchRow[] = [];
  for (const status of [1, 0, 2, 3, 4]) {
    const res = (await fetch(`${base}/api/matches?match_status=${status}&limit=500`).then((r) =>
      r.json(),
    )) as {
      data: MatchRow[];
    };
    rows.push(...res.data);
  }
  const names: string[] = [];
  for (const m of rows) names.push(m.competitors.home?.name ?? "", m.competitors.away?.name ?? "");
  for (const m of rows.filter((r) => r.type === "outright")) {
    const markets = (await fetch(`${base}/api/matches/${m.id}/markets`).then((r) => r.json())) as {
      data: { outcomes: { name: string }[] }[];
    };
    for (const market of markets.data) for (const o of market.outcomes) names.push(o.name);
  }
  return { rows, names: names.flatMap(wordsOf) };
}

describe("every word in the player's language (SPEC §2 locales)", () => {
  let browser: Browser;
  let matchPath = "";

  beforeAll(async () => {
    browser = await launchChromium();
    // the match page checked is a live one when there is one
    const live = (await catalogue()).rows.find(
      (r) => r.sport.key === "soccer" && r.type === "match" && r.competitors.away,
    );
    if (!live) throw new Error("no soccer match in the catalogue");
    matchPath = `/${live.sport.key}/${live.slug}-${live.id}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The lines a player reads on a page: its title and its visible text, after live data arrived. */
  async function pageLines(page: Page, path: string): Promise<string[]> {
    await page.goto(`${base}${path}`);
    await page.waitForSelector("html[data-realtime=connected]");
    await page.locator("main h1").first().waitFor();
    const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
    return text.split("\n");
  }
  const lower = (words: string[]) => new Set(words.map((w) => w.toLocaleLowerCase("en")));

  for (const [locale, messages] of [
    ["de", de],
    ["ar", ar],
  ] as const) {
    it(`/${locale} pages carry no English word outside proper names`, async () => {
      // Case is ignored: block titles are upper-cased by the style sheet.
      const language = [
        ...PROPER_NAMES.flatMap(wordsOf),
        ...messageWords(messages),
        ...(COGNATES[locale] ?? []),
        ...monthWords(locale),
      ];
      const page = await browser.newPage({ viewport: DESKTOP });
      const found: Record<string, string[]> = {};
      for (const path of ["", "/live", "/cybersport", "/schedule", "/soccer", matchPath]) {
        const english = lower((await pageLines(page, path || "/")).flatMap(wordsOf));
        const lines = await pageLines(page, `/${locale}${path}`);
        // competitors read after both pages, so a match scheduled meanwhile is known
        const allowed = lower([...language, ...(await catalogue()).names]);
        // each line with a word the English page has and the language does not
        const left = lines.filter((line) =>
          wordsOf(line).some((w) => {
            const key = w.toLocaleLowerCase("en");
            return english.has(key) && !allowed.has(key);
          }),
        );
        if (left.length) found[path || "/"] = [...new Set(left)];
      }
      await page.close();
      expect(found).toEqual({});
    });
  }
});
