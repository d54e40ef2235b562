import { canonicalSpecifiers, parseSpecifiers } from "../model.js";

/**
 * Per-provider translation of market ids, specifier names and outcome ids to the canonical (UOF
 * betradar) catalogue. betradar is the identity; oddin numbers its esports markets itself and names the
 * handicap specifier `handicap` and the map number `map`.
 */
export interface MarketMapping {
  toCanonical(id: number, specifiers: string): { id: number; specifiers: string } | undefined;
  outcomeToCanonical(canonicalMarket: number, outcomeId: string): string;
  fromCanonical(id: number, specifiers: string): { id: number; specifiers: string };
  outcomeFromCanonical(canonicalMarket: number, outcomeId: string): string;
}

export const identityMapping: MarketMapping = {
  toCanonical: (id, specifiers) => ({ id, specifiers: canonicalSpecifiers(specifiers) }),
  outcomeToCanonical: (_m, o) => o,
  fromCanonical: (id, specifiers) => ({ id, specifiers }),
  outcomeFromCanonical: (_m, o) => o,
};

interface OddinMarket {
  oddin: number;
  canonical: number;
  /** oddin specifier name → canonical name */
  specifiers: Record<string, string>;
  /** oddin outcome id → canonical outcome id */
  outcomes: Record<string, string>;
}

const ODDIN: OddinMarket[] = [
  { oddin: 1, canonical: 186, specifiers: {}, outcomes: { "1": "4", "2": "5" } },
  { oddin: 4, canonical: 327, specifiers: { handicap: "hcp" }, outcomes: { "1": "1714", "2": "1715" } },
  { oddin: 5, canonical: 328, specifiers: { total: "total" }, outcomes: { over: "12", under: "13" } },
  { oddin: 15, canonical: 330, specifiers: { map: "mapnr" }, outcomes: { "1": "4", "2": "5" } },
];

const byOddin = new Map(ODDIN.map((m) => [m.oddin, m]));
const byCanonical = new Map(ODDIN.map((m) => [m.canonical, m]));

function renameKeys(spec: string, names: Record<string, string>): string {
  const parsed = parseSpecifiers(spec);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) out[names[k] ?? k] = v;
  return canonicalSpecifiers(out);
}

function invert(r: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [v, k]));
}

export const oddinMapping: MarketMapping = {
  toCanonical(id, specifiers) {
    const m = byOddin.get(id);
    if (!m) return undefined;
    return { id: m.canonical, specifiers: renameKeys(specifiers, m.specifiers) };
  },
  outcomeToCanonical(canonicalMarket, outcomeId) {
    return byCanonical.get(canonicalMarket)?.outcomes[outcomeId] ?? outcomeId;
  },
  fromCanonical(id, specifiers) {
    const m = byCanonical.get(id);
    if (!m) return { id, specifiers };
    return { id: m.oddin, specifiers: renameKeys(specifiers, invert(m.specifiers)) };
  },
  outcomeFromCanonical(canonicalMarket, outcomeId) {
    const m = byCanonical.get(canonicalMarket);
    return m ? (invert(m.outcomes)[outcomeId] ?? outcomeId) : outcomeId;
  },
};
