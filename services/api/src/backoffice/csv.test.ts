import { describe, expect, it } from "vitest";
import { csvLine } from "./csv.js";

describe("csvLine", () => {
  it("quotes cells with commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvLine(["a,b", 'say "hi"', "two\nlines", 7, null])).toBe('"a,b","say ""hi""","two\nlines",7,');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvLine(["=HYPERLINK(1)", "+1", "-2", "@x", "plain"])).toBe("'=HYPERLINK(1),'+1,'-2,'@x,plain");
  });
});
