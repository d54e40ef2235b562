import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MARKETS } from "./markets.js";

/** The web app's message catalogues: the match page names each market group from them. */
const MESSAGES = join(import.meta.dirname, "../../../apps/web/src/messages");

describe("market groups", () => {
  const groups = [...new Set([...MARKETS.values()].flatMap((m) => m.groups))].sort();
  const locales = readdirSync(MESSAGES).filter((f) => f.endsWith(".json"));

  it("are named in every language the site speaks", () => {
    expect(locales.length).toBeGreaterThan(1);
    for (const file of locales) {
      const named = (JSON.parse(readFileSync(join(MESSAGES, file), "utf8")) as { match: { groups: object } })
        .match.groups;
      expect({ file, missing: groups.filter((g) => !(g in named)) }).toEqual({ file, missing: [] });
    }
  });
});
