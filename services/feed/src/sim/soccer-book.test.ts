import { describe, expect, it } from "vitest";
import { MARKETS, marketName } from "../markets.js";
import { parseSpecifiers, type SettledMarket } from "../model.js";
import { createRng } from "./prng.js";
import { GoalMatch } from "./soccer.js";

/** Every `{key}` a market's name and outcome templates read, competitors aside. */
function placeholders(id: number): string[] {
  const d = MARKETS.get(id);
  const text = [d?.name ?? "", ...Object.values(d?.outcomes ?? {})].join(" ");
  const keys = [...text.matchAll(/\{[!+-]?([a-z0-9]+)\}/g)].map((m) => m[1] ?? "");
  return [...new Set(keys)].sort();
}

const key = (m: { id: number; specifiers: string }) => `${m.id}/${m.specifiers}`;

describe("soccer book", () => {
  it("offers at least 60 markets, each described in the catalogue with the specifiers it reads", () => {
    const match = GoalMatch.soccer(createRng(1));
    const book = match.price(0.05, 0).map((p) => p.market);
    expect(book.length).toBeGreaterThanOrEqual(60);
    expect(new Set(book.map(key)).size).toBe(book.length);
    for (const id of [1, 18, 47, 60, 83, 136, 139, 146, 162, 165, 166, 173, 177])
      expect(
        book.some((m) => m.id === id),
        `market ${id}`,
      ).toBe(true);
    for (const m of book) {
      const d = MARKETS.get(m.id);
      expect(d, `market ${m.id}`).toBeDefined();
      expect(Object.keys(parseSpecifiers(m.specifiers)).sort(), key(m)).toEqual(placeholders(m.id));
      for (const o of m.outcomes) expect(d?.outcomes, `${key(m)} outcome ${o.id}`).toHaveProperty(o.id);
      expect(marketName(m.id, m.specifiers, { home: "A", away: "B" })).not.toMatch(/[{}]/);
      for (const o of m.outcomes) if (o.odds !== null) expect(Number.isInteger(o.odds)).toBe(true);
    }
  });

  it("settles every market it offered, consistently with the goals, corners and bookings it played", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rng = createRng(seed);
      const match = GoalMatch.soccer(rng);
      const offered = new Map<string, { id: number; specifiers: string; outcomes: string[] }>();
      const settled = new Map<string, SettledMarket>();
      const note = () => {
        for (const { market: m } of match.price(0.05, 0))
          offered.set(key(m), { id: m.id, specifiers: m.specifiers, outcomes: m.outcomes.map((o) => o.id) });
      };
      note();
      while (!match.finished()) {
        for (const h of match.tick(rng))
          if (h.type === "settle") for (const s of h.markets) settled.set(key(s), s);
        note();
      }
      for (const s of match.settle()) {
        expect(settled.has(key(s)), `${key(s)} settled twice`).toBe(false);
        settled.set(key(s), s);
      }
      for (const [k, m] of offered) {
        const s = settled.get(k);
        expect(s, `${k} never settled`).toBeDefined();
        expect(s?.outcomes.map((o) => o.id).sort(), k).toEqual([...m.outcomes].sort());
      }
      const [first, second] = match.halfScores();
      const counts = match.incidentCounts();
      if (!first || !second || !counts) throw new Error("a soccer match keeps halves and incidents");
      const won = (k: string, outcome: string) =>
        settled.get(k)?.outcomes.find((o) => o.id === outcome)?.result;
      expect(won("68/total=1.5", "12")).toBe(first.home + first.away > 1.5 ? 1 : 0);
      expect(won("90/total=0.5", "13")).toBe(second.home + second.away < 0.5 ? 1 : 0);
      const ht = first.home > first.away ? 0 : first.home === first.away ? 1 : 2;
      const h = first.home + second.home;
      const a = first.away + second.away;
      const ft = h > a ? 0 : h === a ? 1 : 2;
      expect(won("47/", String(418 + 2 * (3 * ht + ft)))).toBe(1);
      const [ch, ca] = counts.corners;
      expect(won("162/", ch > ca ? "1" : ch === ca ? "2" : "3")).toBe(1);
      for (const [k, s] of settled)
        if (s.id === 166) {
          const line = Number(k.split("=")[1]);
          expect(won(k, "12")).toBe(ch + ca > line ? 1 : 0);
        }
      const [bh, ba] = counts.bookings;
      expect(won("136/", bh > ba ? "1" : bh === ba ? "2" : "3")).toBe(1);
      expect(won("146/", "74")).toBe(counts.reds[0] + counts.reds[1] > 0 ? 1 : 0);
    }
  });
});
