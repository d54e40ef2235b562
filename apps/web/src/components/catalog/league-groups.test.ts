import { describe, expect, it } from "vitest";
import { groupByLeague } from "./league-groups";

const m = (id: number, league: number) => ({
  id,
  tournament: { id: league, urn_id: `t${league}`, slug: `l${league}`, name: `League ${league}` },
  category: { id: 1, slug: "c", name: "England", country_code: "GB" },
});

describe("groupByLeague (sort by league groups under league headings)", () => {
  it("puts consecutive matches of one league under one heading, keeping the list's order", () => {
    const groups = groupByLeague([m(1, 7), m(2, 7), m(3, 9), m(4, 7)]);
    expect(groups.map((g) => [g.title, g.matches.map((x) => x.id)])).toEqual([
      ["England · League 7", [1, 2]],
      ["England · League 9", [3]],
      ["England · League 7", [4]],
    ]);
  });
});
