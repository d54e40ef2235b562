import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-formats.js";

describe("cached Intl formatters", () => {
  it("answers one formatter for equal locale and options, another when either differs", () => {
    const euros = numberFormat("de", { style: "currency", currency: "EUR" });
    expect(numberFormat("de", { style: "currency", currency: "EUR" })).toBe(euros);
    expect(numberFormat("de", { style: "currency", currency: "USD" })).not.toBe(euros);
    expect(numberFormat("en", { style: "currency", currency: "EUR" })).not.toBe(euros);
    const utc = dateTimeFormat("en", { hour: "2-digit", timeZone: "UTC" });
    expect(dateTimeFormat("en", { hour: "2-digit", timeZone: "UTC" })).toBe(utc);
    expect(dateTimeFormat("en", { hour: "2-digit" })).not.toBe(utc);
  });

  it("formats as a formatter built for the call would", () => {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    for (const locale of ["en", "de", "pt-BR", "tr"]) {
      expect(numberFormat(locale, options).format("1234.50")).toBe(
        new Intl.NumberFormat(locale, options).format("1234.50"),
      );
    }
    const at = new Date(Date.UTC(2026, 10, 29, 17, 5));
    const options2 = {
      day: "2-digit",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
    } as const;
    expect(dateTimeFormat("fr", options2).format(at)).toBe(at.toLocaleString("fr", options2));
  });
});
