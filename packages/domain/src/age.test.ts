import { describe, expect, it } from "vitest";
import { ageOn, isOfAge, latestBirthDate } from "./age";

describe("age at sign-up", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2008-11-28", "2026-11-28")).toBe(18);
    expect(ageOn("2008-11-29", "2026-11-28")).toBe(17);
    expect(ageOn("2008-12-01", "2026-11-28")).toBe(17);
    expect(ageOn("1970-01-01", "2026-11-28")).toBe(56);
  });

  it("takes 1 March as a leap-day birthday in a common year", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("refuses the under age and dates after today", () => {
    expect(isOfAge("2008-11-28", 18, "2026-11-28")).toBe(true);
    expect(isOfAge("2008-11-29", 18, "2026-11-28")).toBe(false);
    expect(isOfAge("2005-01-01", 21, "2026-11-28")).toBe(true);
    expect(isOfAge("2027-01-01", 0, "2026-11-28")).toBe(false);
  });

  it("names the latest date of birth that is of age, the form's bound", () => {
    expect(latestBirthDate(18, "2026-11-28")).toBe("2008-11-28");
    expect(isOfAge(latestBirthDate(18, "2026-11-28"), 18, "2026-11-28")).toBe(true);
    expect(latestBirthDate(18, "2028-02-29")).toBe("2010-02-28");
    expect(latestBirthDate(20, "2028-02-29")).toBe("2008-02-29");
    expect(() => ageOn("28.11.2008", "2026-11-28")).toThrow();
  });
});
