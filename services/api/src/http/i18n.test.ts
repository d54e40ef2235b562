import { type ErrorName, errorCatalogue } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import { errorMessages, localizedErrorMessage } from "./i18n.js";

const names = Object.keys(errorCatalogue) as ErrorName[];

describe("localized error messages", () => {
  it("cover every catalogue entry in every language the API speaks, in that language", () => {
    expect(Object.keys(errorMessages).sort()).toEqual(["de", "es"]);
    for (const [locale, table] of Object.entries(errorMessages)) {
      const missing = names.filter((name) => !table[name]?.trim());
      expect(missing, locale).toEqual([]);
      const untranslated = names.filter((name) => table[name] === errorCatalogue[name].message);
      expect(untranslated, locale).toEqual([]);
    }
  });

  it("answers player and limit errors in the request's language, by region, base language, then English", () => {
    expect(localizedErrorMessage("invalidCredentials", "de-AT")).toMatch(/^Falsche E-Mail-Adresse/);
    expect(localizedErrorMessage("selfExcluded", "es")).toContain("excluida");
    expect(localizedErrorMessage("outOfLimit", "fr-FR")).toBe("User is out of limit");
  });
});
