import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MATCH_STATUS, mergeMatchStatus } from "./match-status.js";

const { prematch, live, stopped, closed, finished, notCovered } = MATCH_STATUS;

describe("mergeMatchStatus (SPEC §4 live merges)", () => {
  it("an update without a status keeps the last one; the first status is taken as it comes", () => {
    expect(mergeMatchStatus(live, undefined)).toBe(live);
    expect(mergeMatchStatus(undefined, undefined)).toBeUndefined();
    expect(mergeMatchStatus(undefined, stopped)).toBe(stopped);
  });

  it("a started match never returns to prematch", () => {
    for (const s of [live, stopped, closed, finished, notCovered])
      expect(mergeMatchStatus(s, prematch)).toBe(s);
  });

  it("a match that is over stays over; live and stopped alternate freely", () => {
    expect(mergeMatchStatus(finished, live)).toBe(finished);
    expect(mergeMatchStatus(closed, stopped)).toBe(closed);
    expect(mergeMatchStatus(finished, closed)).toBe(closed);
    expect(mergeMatchStatus(live, stopped)).toBe(stopped);
    expect(mergeMatchStatus(stopped, live)).toBe(live);
    expect(mergeMatchStatus(prematch, live)).toBe(live);
  });

  it("whatever the order of updates, a match seen over ends over (property)", () => {
    const status = fc.constantFrom(prematch, live, stopped, closed, finished, notCovered, undefined);
    fc.assert(
      fc.property(fc.array(status, { maxLength: 20 }), (updates) => {
        let s: number | undefined;
        let seenOver = false;
        for (const u of updates) {
          s = mergeMatchStatus(s, u);
          if (s === closed || s === finished) seenOver = true;
          if (seenOver) expect([closed, finished]).toContain(s);
        }
      }),
    );
  });
});
