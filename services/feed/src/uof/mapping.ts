import { z } from "zod";
import { MARKETS } from "../markets.js";
import { canonicalSpecifiers, parseSpecifiers } from "../model.js";
import oddinDocument from "./oddin-markets.json" with { type: "json" };

/**
 * Per-provider translation of market ids, specifier names and outcome ids to the canonical (UOF
 * betradar) catalogue. betradar is the identity; Oddin numbers its esports markets itself, names their
 * specifiers its own way and splits some markets into variants (`variant=way:two`).
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

const oddinDescriptionSchema = z.object({
  markets: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      variant: z.string().optional(),
      specifiers: z.array(z.object({ name: z.string(), type: z.string() })).default([]),
      outcomes: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
    }),
  ),
});
export type OddinMarketDescription = z.infer<typeof oddinDescriptionSchema>["markets"][number];

/** Oddin's market descriptions, as its markets endpoint documents them (kept in `oddin-markets.json`). */
export const ODDIN_MARKETS: readonly OddinMarketDescription[] =
  oddinDescriptionSchema.parse(oddinDocument).markets;

/** Which canonical market an Oddin market (and variant) is, and what its specifiers are called there. */
export interface OddinLink {
  oddin: number;
  variant?: string;
  canonical: number;
  /** Oddin specifier name → canonical name; Oddin specifiers not named here and not `variant` are dropped. */
  specifiers: Record<string, string>;
}

export const ODDIN_LINKS: readonly OddinLink[] = [
  { oddin: 1, variant: "way:two", canonical: 186, specifiers: {} },
  { oddin: 1, variant: "way:three", canonical: 1, specifiers: {} },
  { oddin: 2, canonical: 327, specifiers: { handicap: "hcp" } },
  { oddin: 3, canonical: 328, specifiers: { threshold: "total" } },
  { oddin: 4, variant: "best_of:3", canonical: 199, specifiers: { best_of: "best_of" } },
  { oddin: 6, variant: "way:two", canonical: 330, specifiers: { map: "mapnr" } },
];

/** An outcome name with the provider's placeholders renamed and case folded, for matching by name. */
function comparable(name: string, renames: Record<string, string>): string {
  return name
    .replace(/\{([$!+-]?)([a-z_0-9]+)\}/g, (_, mod: string, key: string) => `{${mod}${renames[key] ?? key}}`)
    .toLowerCase();
}

interface OddinMarket {
  link: OddinLink;
  description: OddinMarketDescription;
  /** Specifiers the variant implies (`variant`, `way=two`), written back when encoding. */
  implied: Record<string, string>;
  /** Oddin outcome id → canonical outcome id, matched by name against the canonical catalogue. */
  outcomes: Record<string, string>;
}

/**
 * Joins each link to its description and the canonical market, matching outcomes by name. A link whose
 * outcomes do not all find their canonical counterpart throws at start-up: a wrong mapping would offer
 * one market's prices as another's.
 */
export function buildOddinMarkets(
  links: readonly OddinLink[],
  descriptions: readonly OddinMarketDescription[],
): OddinMarket[] {
  return links.map((link) => {
    const description = descriptions.find((d) => d.id === link.oddin && d.variant === link.variant);
    const canonical = MARKETS.get(link.canonical);
    if (!description || !canonical)
      throw new Error(
        `Oddin market ${link.oddin} ${link.variant ?? ""} has no description or canonical market`,
      );
    const byName = new Map(
      Object.entries(canonical.outcomes).map(([id, name]) => [comparable(name, {}), id]),
    );
    const outcomes: Record<string, string> = {};
    for (const o of description.outcomes) {
      const id = byName.get(comparable(o.name, link.specifiers));
      if (id === undefined)
        throw new Error(`Oddin market ${link.oddin} outcome "${o.name}" has no canonical outcome`);
      outcomes[o.id] = id;
    }
    const implied: Record<string, string> = {};
    if (link.variant !== undefined) {
      implied.variant = link.variant;
      // Oddin repeats the variant's value as its own specifier (`variant=way:two|way=two`).
      const [key, value] = link.variant.split(":");
      if (key !== undefined && value !== undefined && !(key in link.specifiers)) implied[key] = value;
    }
    return { link, description, implied, outcomes };
  });
}

function rename(spec: Record<string, string>, names: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec)) {
    const to = names[k];
    if (to !== undefined) out[to] = v;
  }
  return out;
}

function invert(r: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [v, k]));
}

function oddinMappingOf(markets: readonly OddinMarket[]): MarketMapping {
  const byCanonical = new Map(markets.map((m) => [m.link.canonical, m]));
  return {
    toCanonical(id, specifiers) {
      const spec = parseSpecifiers(specifiers);
      const m = markets.find((x) => x.link.oddin === id && x.link.variant === spec.variant);
      if (!m) return undefined;
      return { id: m.link.canonical, specifiers: canonicalSpecifiers(rename(spec, m.link.specifiers)) };
    },
    outcomeToCanonical(canonicalMarket, outcomeId) {
      return byCanonical.get(canonicalMarket)?.outcomes[outcomeId] ?? outcomeId;
    },
    fromCanonical(id, specifiers) {
      const m = byCanonical.get(id);
      if (!m) return { id, specifiers };
      const spec = { ...rename(parseSpecifiers(specifiers), invert(m.link.specifiers)), ...m.implied };
      return { id: m.link.oddin, specifiers: canonicalSpecifiers(spec) };
    },
    outcomeFromCanonical(canonicalMarket, outcomeId) {
      const m = byCanonical.get(canonicalMarket);
      return m ? (invert(m.outcomes)[outcomeId] ?? outcomeId) : outcomeId;
    },
  };
}

export const oddinMapping: MarketMapping = oddinMappingOf(buildOddinMarkets(ODDIN_LINKS, ODDIN_MARKETS));
