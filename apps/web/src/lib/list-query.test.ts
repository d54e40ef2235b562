import { describe, expect, it } from "vitest";
import { readListParams, toMatchQuery } from "./list-query";

const now = new Date("2026-05-01T12:00:00.000Z");

describe("list query parameters (SPEC §2)", () => {
  it("reads time, sortBy, date, sport (comma list), page, isBettable, sportType and the tab", () => {
    const p = readListParams({
      time: "h3",
      sortBy: "league",
      date: "2026-05-02",
      sport: "soccer,tennis",
      page: "2",
      isBettable: "true",
      sportType: "cyber",
      tab: "outrights",
    });
    expect(p).toEqual({
      tab: "outrights",
      time: "h3",
      sortBy: "league",
      date: "2026-05-02",
      sports: ["soccer", "tennis"],
      sportType: "cyber",
      page: 2,
      isBettable: true,
    });
  });

  it("falls back to defaults for bad values instead of failing", () => {
    const p = readListParams({ time: "forever", page: "-3", date: "tomorrow", sport: "<script>", tab: "x" });
    expect(p).toMatchObject({ tab: "all", time: "all", page: 1, sports: [], isBettable: false });
    expect(p.date).toBeUndefined();
  });

  it("maps to GET /matches filters", () => {
    const q = toMatchQuery(
      readListParams({ time: "h1", sport: "soccer", isBettable: "true", tab: "top" }),
      now,
    );
    expect(q).toMatchObject({
      sport_key: "soccer",
      bettable: true,
      sort_by: "priority",
      start_from: "2026-05-01T12:00:00.000Z",
      start_to: "2026-05-01T13:00:00.000Z",
    });
    expect(toMatchQuery(readListParams({ date: "2026-05-03" }), now)).toMatchObject({
      start_from: "2026-05-03T00:00:00.000Z",
      start_to: "2026-05-03T23:59:59.999Z",
    });
    expect(toMatchQuery(readListParams({ tab: "favorites" }), now).favourite).toBe(true);
    expect(toMatchQuery(readListParams({ tab: "outrights" }), now).type).toBe("outright");
    expect(toMatchQuery(readListParams({ tab: "betbuilder" }), now).custom_bet).toBe(true);
    expect(toMatchQuery(readListParams({ tab: "all" }), now).custom_bet).toBeUndefined();
  });
});
