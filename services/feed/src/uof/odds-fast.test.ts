import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFrameEncoder } from "../adapters.js";
import { createSimulator } from "../sim/simulator.js";
import { isUofArray } from "./decode.js";
import { readOddsChangeFast } from "./odds-fast.js";
import { oddsChangeSchema } from "./schema.js";
import { readXml } from "./xml.js";

function body(xml: string): unknown {
  const r = readXml(xml, isUofArray);
  if (!r.ok) throw new Error(r.reason);
  return r.doc.odds_change;
}

/** The fast reader answers what the schema answers, or leaves the message to it. */
function agrees(b: unknown): boolean {
  const fast = readOddsChangeFast(b);
  const schema = oddsChangeSchema.safeParse(b);
  if (fast === undefined) return false;
  expect(schema.success).toBe(true);
  expect(fast).toStrictEqual(schema.data);
  return true;
}

const dir = join(import.meta.dirname, "../../fixtures/providers");

describe("the fast odds change reader", () => {
  it("reads every odds change of a simulated session as the schema does", () => {
    const T0 = Date.UTC(2026, 10, 22, 12);
    const sim = createSimulator({ seed: 9, matches: 12, startTime: T0, outages: true });
    const enc = createFrameEncoder();
    let n = 0;
    for (let t = T0; t <= T0 + 30 * 60_000; t += 60_000) {
      for (const m of sim.advanceTo(t)) {
        const f = enc.encode(m.event, m);
        if (!f || f.provider === "betconstruct" || !f.body.startsWith("<odds_change")) continue;
        expect(agrees(body(f.body))).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(50);
  });

  it("reads the providers' own odds changes as the schema does, or leaves them to it", () => {
    for (const f of readdirSync(dir).filter((x) => x.includes("odds_change"))) {
      const doc = readXml(readFileSync(join(dir, f), "utf8"), isUofArray);
      if (doc.ok) agrees(doc.doc.odds_change);
    }
  });

  it.each([
    ["a price below 1.00", '<market id="1"><outcome id="1" odds="0.5"/></market>'],
    ["a price that is no number", '<market id="1"><outcome id="1" odds="two"/></market>'],
    ["an unknown market status", '<market id="1" status="7"><outcome id="1" odds="2"/></market>'],
    ["an outcome without an id", '<market id="1"><outcome odds="2"/></market>'],
    ["a market id that is no integer", '<market id="x"><outcome id="1" odds="2"/></market>'],
    ["an activity that is no boolean", '<market id="1"><outcome id="1" odds="2" active="yes"/></market>'],
  ])("leaves %s to the schema", (_name, markets) => {
    const b = body(
      `<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds>${markets}</odds></odds_change>`,
    );
    expect(readOddsChangeFast(b)).toBeUndefined();
    expect(oddsChangeSchema.safeParse(b).success).toBe(false);
  });

  it("reads empty elements, defaults and a sport event status as the schema does", () => {
    for (const xml of [
      '<odds_change product="1" event_id="sr:match:1" timestamp="5"/>',
      '<odds_change product="1" event_id="sr:match:1" timestamp="5"><odds/></odds_change>',
      '<odds_change product="3" event_id="od:match:7" timestamp="5" request_id="9"><sport_event_status status="1" home_score="1" away_score="0" current_server="2"><clock/><period_scores><period_score number="1" match_status_code="6" home_score="1" away_score="0"/></period_scores></sport_event_status><odds betting_status="1"><market id="18" specifiers="total=2.5"><market_metadata next_betstop="77"/><outcome id="12" odds="1.5E0" active="true"/><outcome id="13"/></market></odds></odds_change>',
    ])
      expect(agrees(body(xml))).toBe(true);
  });
});
