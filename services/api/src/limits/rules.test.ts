import { describe, expect, it } from "vitest";
import { isStricter, PERIOD_SECONDS, periodOf, validateLimitRequest } from "./rules.js";

const now = new Date("2026-06-01T12:00:00Z");
const deposit = (value: number, period: keyof typeof PERIOD_SECONDS, currency = "EUR") => ({
  type: "deposit" as const,
  value,
  periodSeconds: PERIOD_SECONDS[period],
  currency,
});

describe("limit rules", () => {
  it("treats a lower amount or a longer window as stricter, anything else as looser", () => {
    const current = { ...deposit(100, "week"), endsAt: null };
    expect(isStricter(current, deposit(100, "week"), now)).toBe(true);
    expect(isStricter(current, deposit(50, "week"), now)).toBe(true);
    expect(isStricter(current, deposit(100, "month"), now)).toBe(true);
    expect(isStricter(current, deposit(101, "week"), now)).toBe(false);
    expect(isStricter(current, deposit(50, "day"), now)).toBe(false);
    expect(isStricter(current, deposit(50, "week", "USD"), now)).toBe(false);
  });

  it("lets an exclusion be extended but not shortened", () => {
    const endsAt = new Date(now.getTime() + 5 * 86_400_000);
    const current = {
      type: "selfexclusion" as const,
      value: null,
      periodSeconds: 7 * 86_400,
      currency: null,
      endsAt,
    };
    const next = (period: keyof typeof PERIOD_SECONDS) => ({
      ...current,
      periodSeconds: PERIOD_SECONDS[period],
    });
    expect(isStricter(current, next("week"), now)).toBe(true);
    expect(isStricter(current, next("day"), now)).toBe(false);
  });

  it("names the periods it knows and nothing else", () => {
    expect(periodOf(86_400)).toBe("day");
    expect(periodOf(2_592_000)).toBe("month");
    expect(periodOf(12)).toBeNull();
    expect(periodOf(null)).toBeNull();
  });

  it("accepts each type's own fields only", () => {
    expect(validateLimitRequest({ type: "reality_check", value: 1800 })).toEqual([]);
    expect(validateLimitRequest({ type: "coolingoff", period: "year" })).toEqual([]);
    expect(validateLimitRequest({ type: "loss", value: 10, period: "month", currency: "BTC" })).toEqual([]);
    expect(
      validateLimitRequest({ type: "activity", value: 3600, period: "quarter" }).map((e) => e.field),
    ).toEqual(["body.period"]);
    expect(validateLimitRequest({ type: "sportsbook_session", value: 90_000 }).map((e) => e.field)).toEqual([
      "body.value",
    ]);
  });
});
