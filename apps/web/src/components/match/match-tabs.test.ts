import { describe, expect, it } from "vitest";
import { matchTabs } from "./match-tabs";

const none = { statistics: {}, hasVideo: false, streams: 0, chat: false, betBuilder: false };

describe("match page tabs", () => {
  it("a match with nothing but markets has only the markets tab", () => {
    expect(matchTabs(none)).toEqual(["markets"]);
  });

  it("statistics appear with a score, a stream with video or stream links, chat with a chat provider", () => {
    expect(matchTabs({ ...none, statistics: { total_score: { home: 1, away: 0 } } })).toEqual([
      "markets",
      "statistics",
    ]);
    expect(matchTabs({ ...none, statistics: { period_score: [] } })).toEqual(["markets"]);
    expect(matchTabs({ ...none, hasVideo: true })).toEqual(["markets", "stream"]);
    expect(matchTabs({ ...none, streams: 2 })).toEqual(["markets", "stream"]);
    expect(matchTabs({ ...none, chat: true })).toEqual(["markets", "chat"]);
  });

  it("the bet builder is a tab of its own, after the markets", () => {
    expect(matchTabs({ ...none, betBuilder: true, chat: true })).toEqual(["markets", "betbuilder", "chat"]);
  });
});
