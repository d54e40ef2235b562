import type { SettledMarket, SettledOutcome } from "../model.js";
import { settleLine } from "./pricing.js";

/** The shapes of `line-markets.ts`, settled from the final counts of the period they are about. */
export type Shape =
  | "threeWay"
  | "doubleChance"
  | "drawNoBet"
  | "handicap"
  | "total"
  | "homeTotal"
  | "awayTotal"
  | "bothScore"
  | "oddEven"
  /** yes when the count (red cards) is above zero */
  | "any";

const won = (b: boolean): Omit<SettledOutcome, "id"> => ({ result: b ? 1 : 0 });

/** The line a market's specifiers name (`hcp=-0.75`, `total=2.5`). */
function lineOf(specifiers: string, key: "hcp" | "total"): number {
  for (const part of specifiers.split("|"))
    if (part.startsWith(`${key}=`)) return Number(part.slice(key.length + 1));
  return Number.NaN;
}

/** Settles one offered market of a shape from the home and away counts of its period. */
export function settleShape(
  shape: Shape,
  m: { id: number; specifiers: string },
  h: number,
  a: number,
): SettledMarket {
  switch (shape) {
    case "threeWay":
      return {
        ...m,
        outcomes: [
          { id: "1", ...won(h > a) },
          { id: "2", ...won(h === a) },
          { id: "3", ...won(h < a) },
        ],
      };
    case "doubleChance":
      return {
        ...m,
        outcomes: [
          { id: "9", ...won(h >= a) },
          { id: "10", ...won(h !== a) },
          { id: "11", ...won(h <= a) },
        ],
      };
    case "drawNoBet":
      // a draw gives both stakes back
      return h === a
        ? {
            ...m,
            outcomes: [
              { id: "4", result: 0, voidFactor: 1 },
              { id: "5", result: 0, voidFactor: 1 },
            ],
          }
        : {
            ...m,
            outcomes: [
              { id: "4", ...won(h > a) },
              { id: "5", ...won(h < a) },
            ],
          };
    case "handicap": {
      const v = lineOf(m.specifiers, "hcp");
      return {
        ...m,
        outcomes: [
          { id: "1714", ...settleLine(h - a + v, v) },
          { id: "1715", ...settleLine(a - h - v, -v) },
        ],
      };
    }
    case "total":
    case "homeTotal":
    case "awayTotal": {
      const v = lineOf(m.specifiers, "total");
      const n = shape === "total" ? h + a : shape === "homeTotal" ? h : a;
      return {
        ...m,
        outcomes: [
          { id: "12", ...settleLine(n - v, -v) },
          { id: "13", ...settleLine(v - n, v) },
        ],
      };
    }
    case "bothScore":
      return {
        ...m,
        outcomes: [
          { id: "74", ...won(h > 0 && a > 0) },
          { id: "76", ...won(!(h > 0 && a > 0)) },
        ],
      };
    case "any":
      return {
        ...m,
        outcomes: [
          { id: "74", ...won(h + a > 0) },
          { id: "76", ...won(h + a === 0) },
        ],
      };
    case "oddEven":
      return {
        ...m,
        outcomes: [
          { id: "70", ...won((h + a) % 2 === 1) },
          { id: "72", ...won((h + a) % 2 === 0) },
        ],
      };
  }
}
