import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFrameDecoder, decodeFrame } from "./adapters.js";
import { PRICE_ABOVE_MAXIMUM } from "./price-bounds.js";

const body = readFileSync(join(import.meta.dirname, "../fixtures/odds_change.xml"), "utf8");
// the home price of the match winner at 3,512,194.03: beyond MAX_ODDS and beyond a 32-bit column
const absurd = body.replace('odds="1.45"', 'odds="3512194.03"');

describe("prices beyond the maximum odds", () => {
  it("leave the outcome unpriced and inactive, keep every other price and count a warning", () => {
    expect(absurd).not.toBe(body);
    for (const decode of [decodeFrame, createFrameDecoder()]) {
      const r = decode({ provider: "betradar", body: absurd });
      if (!r.ok) throw new Error(r.reason);
      const e = r.events[0];
      if (e?.kind !== "odds_change") throw new Error("expected an odds change");
      expect(e.markets[0]?.outcomes).toEqual([
        { id: "1", odds: null, active: false },
        { id: "2", odds: 4100, active: true },
        { id: "3", odds: 8500, active: true },
      ]);
      expect(e.markets).toHaveLength(4);
      expect(r.warnings).toEqual([PRICE_ABOVE_MAXIMUM]);
    }
  });

  it("leave a message within bounds untouched", () => {
    const r = decodeFrame({ provider: "betradar", body });
    expect(r.ok && r.warnings).toEqual([]);
  });
});
