import { describe, expect, it } from "vitest";
import { realtimeMarketStatus, realtimeMatchStatus, specMatchStatus, statisticsOf } from "./present.js";

describe("feed statuses in product terms (SPEC §4)", () => {
  it("maps UOF event statuses to SPEC match statuses and realtime names that agree", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(specMatchStatus)).toEqual([0, 1, 2, 4, 3, 3, 0, 2, 5, 3]);
    expect(realtimeMatchStatus(3)).toBe("ended");
    expect(realtimeMatchStatus(4)).toBe("closed");
    expect(realtimeMatchStatus(9)).toBe("abandoned");
  });
  it("maps UOF market statuses; handed over shows as suspended", () => {
    expect([1, -1, 0, -2, -3, -4].map(realtimeMarketStatus)).toEqual([
      "active",
      "suspended",
      "deactivated",
      "suspended",
      "settled",
      "cancelled",
    ]);
  });
});

describe("statistics block (SPEC §3)", () => {
  it("names the moments between and after periods: half-time, breaks, extra time, penalties, the end", () => {
    const phase = (matchStatus: number) =>
      statisticsOf({ status: 1, matchStatus, periodScores: [] }, 0).phase;
    expect(phase(31)).toBe("halftime");
    expect(phase(301)).toBe("break");
    expect(phase(32)).toBe("awaiting_overtime");
    expect(phase(41)).toBe("overtime");
    expect(phase(50)).toBe("penalties");
    expect(phase(100)).toBe("ended");
    // a period in play has no phase: its clock is shown
    expect(phase(6)).toBeUndefined();
  });

  it("carries clock, total and game score, server and named period scores", () => {
    const s = statisticsOf(
      {
        status: 1,
        matchStatus: 9,
        homeScore: 1,
        awayScore: 0,
        homeGameScore: "A",
        awayGameScore: "40",
        currentServer: 2,
        clock: { matchTime: "12:00", stopped: false },
        periodScores: [
          { number: 1, type: "regular_period", matchStatusCode: 8, home: 6, away: 4 },
          { number: 2, type: "regular_period", matchStatusCode: 9, home: 2, away: 3 },
        ],
      },
      Date.UTC(2026, 0, 1),
    );
    expect(s).toEqual({
      clock: { match_time: "12:00", stopped: false, clock_updated_at: "2026-01-01T00:00:00.000Z" },
      total_score: { home: 1, away: 0 },
      game_score: { home: 50, away: 40 },
      current_server: "away",
      period_score: [
        {
          home: 6,
          away: 4,
          period_key: "set_1",
          period_name: "1st set",
          number: 1,
          type: "regular_period",
        },
        {
          home: 2,
          away: 3,
          period_key: "set_2",
          period_name: "2nd set",
          number: 2,
          type: "regular_period",
        },
      ],
      max_period_number: 2,
    });
  });

  it("keys periods by kind and number so clients word them, also for codes it does not know", () => {
    const keys = (codes: [number, string, number][]) =>
      statisticsOf(
        {
          status: 1,
          matchStatus: 0,
          periodScores: codes.map(([matchStatusCode, type, number]) => ({
            matchStatusCode,
            type,
            number,
            home: 0,
            away: 0,
          })),
        },
        0,
      ).period_score?.map((p) => p.period_key);
    expect(
      keys([
        [7, "regular_period", 2],
        [40, "overtime", 3],
        [50, "penalties", 4],
      ]),
    ).toEqual(["half_2", "overtime_1", "penalties_1"]);
    expect(
      keys([
        [143, "map", 3],
        [0, "map", 4],
        [0, "regular_period", 5],
      ]),
    ).toEqual(["map_3", "map_4", "period_5"]);
  });
});
