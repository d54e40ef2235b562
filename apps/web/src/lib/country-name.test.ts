import { describe, expect, it } from "vitest";
import { countryName } from "./country-name";

describe("countryName (the blocked page names the visitor's country)", () => {
  it("names a country code in the page's locale", () => {
    expect(countryName("de", "en")).toBe("Germany");
    expect(countryName("DE", "es")).toBe("Alemania");
    expect(countryName("FR", "ar")).toBe("فرنسا");
  });
  it("keeps a name as given and knows nothing of an empty value", () => {
    expect(countryName("Ruritania", "en")).toBe("Ruritania");
    expect(countryName("", "en")).toBeUndefined();
    expect(countryName(undefined, "en")).toBeUndefined();
  });
});
