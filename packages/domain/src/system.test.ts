import { describe, expect, it } from "vitest";
import {
  allSystemTypes,
  sortSystemTypes,
  systemLineCount,
  systemTypeName,
  systemTypesFor,
} from "./system.js";

describe("system types", () => {
  it("for n selections are 2/n up to (n-1)/n, from 3 selections to the 40-selection cap (SPEC §5)", () => {
    expect(systemTypesFor(2)).toEqual([]);
    expect(systemTypesFor(3).map(systemTypeName)).toEqual(["2/3"]);
    expect(systemTypesFor(5).map(systemTypeName)).toEqual(["2/5", "3/5", "4/5"]);
    expect(systemTypesFor(40)).toHaveLength(38);
    expect(systemTypesFor(41)).toEqual([]);
  });

  it("are sorted by total count then win count (SPEC §3 ticket state)", () => {
    const sorted = sortSystemTypes([
      { winCount: 3, totalCount: 4 },
      { winCount: 2, totalCount: 3 },
      { winCount: 2, totalCount: 4 },
    ]);
    expect(sorted.map(systemTypeName)).toEqual(["2/3", "2/4", "3/4"]);
    const all = allSystemTypes();
    expect(all[0]).toEqual({ winCount: 2, totalCount: 3 });
    expect(all.at(-1)).toEqual({ winCount: 39, totalCount: 40 });
  });

  it("count their lines", () => {
    expect(systemLineCount({ winCount: 2, totalCount: 4 })).toBe(6n);
  });
});
