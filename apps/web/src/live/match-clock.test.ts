import { describe, expect, it } from "vitest";
import { clockAnchor, clockText } from "./match-clock";

const at = "2026-11-25T12:00:00.000Z";
const t0 = Date.parse(at);

describe("the match clock between feed updates", () => {
  it("runs a match time forwards by the seconds since its anchor", () => {
    expect(clockText({ match_time: "62:10" }, t0, t0)).toBe("62:10");
    expect(clockText({ match_time: "62:10" }, t0 + 51_900, t0)).toBe("63:01");
  });

  it("runs a remaining time down, never below zero", () => {
    expect(clockText({ remaining_time: "0:30" }, t0 + 10_000, t0)).toBe("0:20");
    expect(clockText({ remaining_time: "0:30" }, t0 + 90_000, t0)).toBe("0:00");
  });

  it("keeps a minute-only time in minutes", () => {
    expect(clockText({ match_time: "45" }, t0 + 125_000, t0)).toBe("47");
  });

  it("shows the time as sent when stopped, unreadable or before the first tick", () => {
    expect(clockText({ match_time: "45:00", stopped: true }, t0 + 60_000, t0)).toBe("45:00");
    expect(clockText({ match_time: "45+2" }, t0 + 60_000, t0)).toBe("45+2");
    expect(clockText({ match_time: "10:00" }, 0, t0)).toBe("10:00");
    expect(clockText(undefined, t0, t0)).toBeUndefined();
  });

  it("runs the added time in stoppage, the match time held at the period's end", () => {
    const stoppage = { match_time: "90:00", stoppage_time: "1:20" };
    expect(clockText(stoppage, t0, t0)).toBe("90+1:20");
    expect(clockText(stoppage, t0 + 45_000, t0)).toBe("90+2:05");
    expect(clockText({ ...stoppage, stopped: true }, t0 + 45_000, t0)).toBe("90+1:20");
    expect(clockText({ match_time: "45", stoppage_time: "2" }, t0 + 61_000, t0)).toBe("45+3");
    // a countdown clock has no added time of its own
    expect(clockText({ remaining_time: "0:30", stoppage_time: "1:00" }, t0 + 10_000, t0)).toBe("0:20");
  });

  it("does not run past five minutes without an update", () => {
    expect(clockText({ match_time: "10:00" }, t0 + 3_600_000, t0)).toBe("15:00");
  });

  it("anchors on the feed's time when plausible, else on when the page saw the clock", () => {
    expect(clockAnchor({ match_time: "1:00", clock_updated_at: at }, t0 + 2_000)).toBe(t0);
    // A feed clock ahead of the browser (skewed, or a simulation running fast) would freeze the clock.
    expect(clockAnchor({ match_time: "1:00", clock_updated_at: at }, t0 - 60_000)).toBe(t0 - 60_000);
    // One older than the longest run is stale: counting from it would jump the clock ahead.
    expect(clockAnchor({ match_time: "1:00", clock_updated_at: at }, t0 + 3_600_000)).toBe(t0 + 3_600_000);
    expect(clockAnchor({ match_time: "1:00" }, t0)).toBe(t0);
  });
});
