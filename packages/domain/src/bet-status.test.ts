import { describe, expect, it } from "vitest";
import {
  BET_STATUSES,
  betListChange,
  betResultsOf,
  betStatusesOf,
  matchesBetListFilter,
  matchesBetResultFilter,
  SUBMISSION_GROUP,
} from "./bet-status.js";

describe("placed bet statuses (SPEC §4)", () => {
  it("§4 submitted, rejected and cancelled form a group", () => {
    expect(SUBMISSION_GROUP).toEqual(["submitted", "rejected", "cancelled"]);
  });

  it("§4 list filter all/open/settled", () => {
    expect(matchesBetListFilter("waiting_results", "open")).toBe(true);
    expect(matchesBetListFilter("done", "open")).toBe(false);
    expect(matchesBetListFilter("done", "settled")).toBe(true);
    expect(matchesBetListFilter("cashed_out", "settled")).toBe(true);
    expect(matchesBetListFilter("cashed_out", "all")).toBe(true);
  });

  it("§4 result filter all/win/lose/refund", () => {
    expect(matchesBetResultFilter("win_entire", "win")).toBe(true);
    expect(matchesBetResultFilter("refund_half_lose_other", "lose")).toBe(true);
    expect(matchesBetResultFilter("refund_entire", "refund")).toBe(true);
    expect(matchesBetResultFilter("lose_entire", "win")).toBe(false);
    expect(matchesBetResultFilter("no_results", "all")).toBe(true);
  });

  it("§4 open and settled split every status between them; all holds each once", () => {
    expect(betStatusesOf("open")).toEqual([
      "waiting_results",
      "ready_to_process",
      "cashout_in_progress",
      "submitted",
    ]);
    expect(betStatusesOf("settled")).toEqual(["cashed_out", "withdrawn", "done", "cancelled", "rejected"]);
    expect(betStatusesOf("all")).toEqual(BET_STATUSES);
  });

  it("§4 each result filter names the results it shows", () => {
    expect(betResultsOf("win")).toEqual(["win_entire", "refund_half_win_other", "cashed_out"]);
    expect(betResultsOf("lose")).toEqual(["lose_entire", "refund_half_lose_other"]);
    expect(betResultsOf("refund")).toEqual(["refund_entire", "canceled"]);
    expect(betResultsOf("all")).toContain("no_results");
  });

  it("§4 a VIP bet that becomes rejected is removed from the list; others update in place", () => {
    expect(betListChange("rejected", true)).toBe("remove");
    expect(betListChange("rejected", false)).toBe("update");
    expect(betListChange("done", true)).toBe("update");
  });
});
