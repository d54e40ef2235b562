import type { Translations } from "@sportsbook/db";
import { LANGUAGE_TEXTS } from "./descriptions/market-texts.js";
import { parseSpecifiers } from "./model.js";

/**
 * Canonical market catalogue (UOF numbering): names with specifier placeholders and outcome names.
 * `{$competitor1}`/`{$competitor2}` are the home and away names, `{!setnr}` an ordinal, `{+hcp}` the
 * handicap with its sign and `{-hcp}` the opposite side's handicap.
 */
export interface MarketDescription {
  id: number;
  name: string;
  groups: string[];
  /** Fixed outcome names; markets whose outcomes are competitors (outrights) have none. */
  outcomes: Record<string, string>;
}

const winner2 = { "4": "{$competitor1}", "5": "{$competitor2}" };
const hcp2 = { "1714": "{$competitor1} ({+hcp})", "1715": "{$competitor2} ({-hcp})" };
const total2 = { "12": "Over {total}", "13": "Under {total}" };
const x12 = { "1": "{$competitor1}", "2": "Draw", "3": "{$competitor2}" };
const yesNo = { "74": "Yes", "76": "No" };
const doubleChance = {
  "9": "{$competitor1} or Draw",
  "10": "{$competitor1} or {$competitor2}",
  "11": "Draw or {$competitor2}",
};

/** Half-time/full-time outcomes 418 … 434: half-time result then full-time result, home/draw/away. */
const htftOutcomes: Record<string, string> = (() => {
  const sides = ["{$competitor1}", "draw", "{$competitor2}"];
  const out: Record<string, string> = {};
  sides.forEach((ht, i) => {
    sides.forEach((ft, j) => {
      out[String(418 + 2 * (3 * i + j))] = `${ht}/${ft}`;
    });
  });
  return out;
})();

/** A half's markets, as UOF numbers them for the first (60 …) and the second half (83 …). */
function halfMarkets(
  ids: [number, number, number, number, number, number, number, number],
  half: string,
): MarketDescription[] {
  const [x, dc, dnb, hcp, total, home, away, btts] = ids;
  const groups = ["halves"];
  return [
    { id: x, name: `${half} - 1x2`, groups, outcomes: x12 },
    { id: dc, name: `${half} - double chance`, groups, outcomes: doubleChance },
    { id: dnb, name: `${half} - draw no bet`, groups, outcomes: winner2 },
    { id: hcp, name: `${half} - handicap {hcp}`, groups, outcomes: hcp2 },
    { id: total, name: `${half} - total`, groups, outcomes: total2 },
    { id: home, name: `${half} - {$competitor1} total`, groups, outcomes: total2 },
    { id: away, name: `${half} - {$competitor2} total`, groups, outcomes: total2 },
    { id: btts, name: `${half} - both teams to score`, groups, outcomes: yesNo },
  ];
}

/** Correct-score outcomes 0:0 … 4:4 in a fixed order; ids follow the catalogue's even numbering. */
export const CORRECT_SCORES: readonly [number, number][] = (() => {
  const out: [number, number][] = [];
  for (let h = 0; h <= 4; h++) for (let a = 0; a <= 4; a++) out.push([h, a]);
  return out;
})();
export const CORRECT_SCORE_OTHER = "1999";
export function correctScoreOutcomeId(home: number, away: number): string {
  const i = CORRECT_SCORES.findIndex(([h, a]) => h === home && a === away);
  return i < 0 ? CORRECT_SCORE_OTHER : String(274 + 2 * i);
}

const correctScoreOutcomes: Record<string, string> = Object.fromEntries([
  ...CORRECT_SCORES.map(([h, a]) => [correctScoreOutcomeId(h, a), `${h}:${a}`]),
  [CORRECT_SCORE_OTHER, "Other"],
]);

/** Final scores of a best-of-N series (maps, sets), for N = 1, 3, 5 and 7; the outcome id is the score. */
const bestOfScores: Record<string, string> = (() => {
  const out: Record<string, string> = {};
  for (const n of [1, 3, 5, 7]) {
    const win = (n + 1) / 2;
    for (let lose = 0; lose < win; lose++) {
      out[`${win}:${lose}`] = `${win}:${lose}`;
      out[`${lose}:${win}`] = `${lose}:${win}`;
    }
  }
  return out;
})();

const list: MarketDescription[] = [
  { id: 1, name: "1x2", groups: ["main"], outcomes: x12 },
  {
    id: 8,
    name: "{!goalnr} goal",
    groups: ["goals"],
    outcomes: { "6": "{$competitor1}", "7": "None", "8": "{$competitor2}" },
  },
  { id: 10, name: "Double chance", groups: ["main"], outcomes: doubleChance },
  { id: 11, name: "Draw no bet", groups: ["main"], outcomes: winner2 },
  { id: 16, name: "Handicap {hcp}", groups: ["handicap"], outcomes: hcp2 },
  { id: 18, name: "Total", groups: ["totals"], outcomes: total2 },
  { id: 19, name: "{$competitor1} total", groups: ["totals"], outcomes: total2 },
  { id: 20, name: "{$competitor2} total", groups: ["totals"], outcomes: total2 },
  { id: 26, name: "Odd/even", groups: ["goals"], outcomes: { "70": "Odd", "72": "Even" } },
  { id: 29, name: "Both teams to score", groups: ["goals"], outcomes: yesNo },
  { id: 45, name: "Correct score", groups: ["score"], outcomes: correctScoreOutcomes },
  { id: 47, name: "Halftime/fulltime", groups: ["halves"], outcomes: htftOutcomes },
  ...halfMarkets([60, 63, 64, 66, 68, 69, 70, 75], "1st half"),
  ...halfMarkets([83, 85, 86, 88, 90, 91, 92, 95], "2nd half"),
  { id: 136, name: "Booking 1x2", groups: ["cards"], outcomes: x12 },
  { id: 139, name: "Total bookings", groups: ["cards"], outcomes: total2 },
  { id: 146, name: "Sending off", groups: ["cards"], outcomes: yesNo },
  { id: 149, name: "1st half - booking 1x2", groups: ["cards"], outcomes: x12 },
  { id: 162, name: "Corner 1x2", groups: ["corners"], outcomes: x12 },
  { id: 165, name: "Corner handicap {hcp}", groups: ["corners"], outcomes: hcp2 },
  { id: 166, name: "Total corners", groups: ["corners"], outcomes: total2 },
  { id: 173, name: "1st half - corner 1x2", groups: ["corners"], outcomes: x12 },
  { id: 177, name: "1st half - total corners", groups: ["corners"], outcomes: total2 },
  { id: 186, name: "Winner", groups: ["main"], outcomes: winner2 },
  { id: 199, name: "Correct score", groups: ["score"], outcomes: bestOfScores },
  { id: 188, name: "Set handicap {hcp}", groups: ["handicap"], outcomes: hcp2 },
  { id: 202, name: "{!setnr} set - winner", groups: ["sets"], outcomes: winner2 },
  { id: 219, name: "Winner (incl. overtime)", groups: ["main"], outcomes: winner2 },
  { id: 223, name: "Handicap {hcp} (incl. overtime)", groups: ["handicap"], outcomes: hcp2 },
  { id: 225, name: "Total (incl. overtime)", groups: ["totals"], outcomes: total2 },
  { id: 327, name: "Map handicap {hcp}", groups: ["handicap"], outcomes: hcp2 },
  { id: 328, name: "Total maps", groups: ["totals"], outcomes: total2 },
  { id: 330, name: "{!mapnr} map - winner", groups: ["maps"], outcomes: winner2 },
  { id: 340, name: "Winner (incl. super over)", groups: ["main"], outcomes: winner2 },
  { id: 406, name: "Winner (incl. overtime and penalties)", groups: ["main"], outcomes: winner2 },
  { id: 534, name: "Outright winner", groups: ["outright"], outcomes: {} },
  { id: 605, name: "{!inningnr} innings - total", groups: ["totals"], outcomes: total2 },
];

export const MARKETS: ReadonlyMap<number, MarketDescription> = new Map(list.map((m) => [m.id, m]));

export interface Names {
  home: string;
  away: string;
  /** Outright outcomes are competitor URNs; this resolves them to names. */
  competitor?: (urn: string) => string | undefined;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${n % 10 > 3 ? "th" : s}`;
}

function signed(v: number): string {
  return v > 0 ? `+${v}` : `${v}`;
}

/** A placeholder: its modifier (`$` competitor, `!` ordinal, `+`/`-` signed) and its specifier. */
interface Placeholder {
  mod: string;
  key: string;
}

const PLACEHOLDER = /\{([$!+-]?)([a-z0-9]+)\}/g;

/** Templates split into their text and placeholders, once each (they all come from the catalogue). */
const compiled = new Map<string, readonly (string | Placeholder)[]>();

function partsOf(template: string): readonly (string | Placeholder)[] {
  let parts = compiled.get(template);
  if (parts) return parts;
  const list: (string | Placeholder)[] = [];
  let at = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > at) list.push(template.slice(at, m.index));
    list.push({ mod: m[1] ?? "", key: m[2] ?? "" });
    at = m.index + m[0].length;
  }
  if (at < template.length) list.push(template.slice(at));
  parts = list;
  compiled.set(template, parts);
  return parts;
}

// A loop over the template's parts rather than a replace with a callback: names are rendered in
// the ingest's hottest loop, and a closure made per call costs more there than the rendering.
function render(
  template: string,
  spec: Record<string, string>,
  names: Names,
  nth: (n: number) => string = ordinal,
): string {
  let out = "";
  for (const p of partsOf(template)) {
    if (typeof p === "string") out += p;
    else if (p.mod === "$")
      out += p.key === "competitor1" ? names.home : p.key === "competitor2" ? names.away : p.key;
    else {
      const raw = spec[p.key] ?? "";
      if (p.mod === "!") out += nth(Number(raw));
      else if (p.mod === "+") out += signed(Number(raw));
      else if (p.mod === "-") out += signed(-Number(raw));
      else out += raw;
    }
  }
  return out;
}

const LANGUAGES = Object.entries(LANGUAGE_TEXTS);

/**
 * What a name no language words differently has (a competitor's name, "Over 2.5" in a feed without
 * descriptions): one object, so a writer can tell it apart without looking inside.
 */
export const NO_TRANSLATIONS: Readonly<Translations> = Object.freeze({});

/** A template rendered in each language that words it; placeholder-only templates need none. */
function translations(template: string, spec: Record<string, string>, names: Names): Readonly<Translations> {
  let out: Translations | undefined;
  for (const [locale, texts] of LANGUAGES) {
    const worded = texts.templates[template];
    if (worded === undefined) continue;
    out ??= {};
    out[locale] = render(worded, spec, names, texts.ordinal);
  }
  return out ?? NO_TRANSLATIONS;
}

/**
 * Most names do not name a competitor ("Over 2.5", "Draw", "1st half - total"), so every match
 * renders them alike: they are rendered once, in English and in every language, and shared. A
 * match's first book renders each of its few hundred names in six languages, which made the first
 * books of a feed's opening cost twice a later message. The cache is bounded: a feed's lines are
 * few, but nothing promises it.
 */
const SHARED_MAX = 20_000;
const sharedNames = new Map<string, string>();
const sharedTranslations = new Map<string, Translations>();

function namesACompetitor(template: string): boolean {
  return template.includes("{$");
}

/** Keeps a shared rendering; the cache starts over when full. */
function share<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= SHARED_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

function renderName(template: string, specifiers: string, names: Names): string {
  if (namesACompetitor(template)) return render(template, parseSpecifiers(specifiers), names);
  const key = `${template}\u0000${specifiers}`;
  return (
    sharedNames.get(key) ?? share(sharedNames, key, render(template, parseSpecifiers(specifiers), names))
  );
}

/** A name's translations; shared between matches (and so never to be changed by a caller). */
function renderTranslations(template: string, specifiers: string, names: Names): Readonly<Translations> {
  if (namesACompetitor(template)) return translations(template, parseSpecifiers(specifiers), names);
  const key = `${template}\u0000${specifiers}`;
  return (
    sharedTranslations.get(key) ??
    share(sharedTranslations, key, translations(template, parseSpecifiers(specifiers), names))
  );
}

/** Display name of a market, e.g. `Total` with `total=2.5` stays "Total", `{!setnr} set` becomes "2nd set". */
export function marketName(id: number, specifiers: string, names: Names): string {
  const d = MARKETS.get(id);
  return d ? renderName(d.name, specifiers, names) : `Market ${id}`;
}

/** A market's name in the other languages. */
export function marketNameTranslations(id: number, specifiers: string, names: Names): Readonly<Translations> {
  const d = MARKETS.get(id);
  return d ? renderTranslations(d.name, specifiers, names) : NO_TRANSLATIONS;
}

/** Display name of an outcome; outright outcomes (competitor URNs) resolve through `names.competitor`. */
export function outcomeName(marketId: number, outcomeId: string, specifiers: string, names: Names): string {
  const template = MARKETS.get(marketId)?.outcomes[outcomeId];
  if (template !== undefined) return renderName(template, specifiers, names);
  return names.competitor?.(outcomeId) ?? outcomeId;
}

/** An outcome's name in the other languages; competitors' names are the same in every language. */
export function outcomeNameTranslations(
  marketId: number,
  outcomeId: string,
  specifiers: string,
  names: Names,
): Readonly<Translations> {
  const template = MARKETS.get(marketId)?.outcomes[outcomeId];
  return template === undefined ? NO_TRANSLATIONS : renderTranslations(template, specifiers, names);
}
