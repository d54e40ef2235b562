import { describe, expect, it } from "vitest";
import type { Sport } from "../../lib/catalog-schemas";
import { sportRows } from "./sport-rows";

const sport = (id: number, key: string, name: string, priority: number, provider = "betradar"): Sport => ({
  id,
  key,
  name,
  priority,
  provider,
  type: "regular",
  urn_id: `x:${id}`,
});

describe("sport list rows", () => {
  it("shows a sport served by two providers once, with both counters added", () => {
    const rows = sportRows(
      [
        sport(1, "soccer", "Soccer", 100),
        sport(2, "tennis", "Tennis", 50),
        sport(3, "soccer", "Soccer", 90, "betconstruct"),
      ],
      { "1": 7, "2": 4, "3": 5 },
    );
    expect(rows).toEqual([
      { key: "soccer", name: "Soccer", count: 12 },
      { key: "tennis", name: "Tennis", count: 4 },
    ]);
  });

  it("orders by priority, then name, and counts a sport without matches as 0", () => {
    const rows = sportRows(
      [sport(1, "tennis", "Tennis", 10), sport(2, "darts", "Darts", 10), sport(3, "golf", "Golf", 20)],
      { "1": 2 },
    );
    expect(rows.map((r) => `${r.key}:${r.count}`)).toEqual(["golf:0", "darts:0", "tennis:2"]);
  });
});
