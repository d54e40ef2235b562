import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHANCE_SCALE,
  drawWins,
  LOOTBOX_PLACE_KEYS,
  type LootboxPlaceRule,
  placeKey,
  placesToOpen,
  readPlaceKey,
} from "./lootbox.js";

const placesArb: fc.Arbitrary<LootboxPlaceRule[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 3 })
  .chain((points) =>
    fc.tuple(
      ...points
        .sort((a, b) => a - b)
        .map((p) =>
          fc.record({ points: fc.constant(p), chanceBp: fc.integer({ min: 0, max: CHANCE_SCALE }) }),
        ),
    ),
  );

describe("lootbox place keys (SPEC §3)", () => {
  it("names the six keys, 1st to 3rd place, win or lose, and reads them back", () => {
    expect(LOOTBOX_PLACE_KEYS).toEqual([
      "1st_place_win",
      "1st_place_lose",
      "2nd_place_win",
      "2nd_place_lose",
      "3rd_place_win",
      "3rd_place_lose",
    ]);
    expect(placeKey(1, false)).toBe("2nd_place_lose");
    expect(readPlaceKey("3rd_place_win")).toEqual({ index: 2, won: true });
    expect(readPlaceKey("4th_place_win")).toBeUndefined();
    expect(() => placeKey(3, true)).toThrow(RangeError);
  });

  it("over any growth of points, each place reached opens exactly once and no other does", () => {
    fc.assert(
      fc.property(
        placesArb,
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 20 }),
        (places, gains) => {
          const opened: string[] = [];
          let points = 0;
          for (const gain of gains) {
            points += gain;
            for (const i of placesToOpen(places, opened, points)) opened.push(placeKey(i, i % 2 === 0));
          }
          const indices = opened.map((k) => readPlaceKey(k)?.index);
          expect(new Set(indices).size).toBe(indices.length);
          expect(indices.length).toBe(places.filter((p) => p.points <= points).length);
        },
      ),
    );
  });

  it("a draw wins exactly below the place's chance", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CHANCE_SCALE }), fc.nat(CHANCE_SCALE - 1), (chanceBp, roll) => {
        expect(drawWins({ points: 1, chanceBp }, roll)).toBe(roll < chanceBp);
      }),
    );
    expect(drawWins({ points: 1, chanceBp: CHANCE_SCALE }, CHANCE_SCALE - 1)).toBe(true);
    expect(drawWins({ points: 1, chanceBp: 0 }, 0)).toBe(false);
  });
});
