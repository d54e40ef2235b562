import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorByCode, errorCatalogue, errorResponseSchema } from "./errors.js";

const docPath = join(import.meta.dirname, "../../../docs/errors.md");

function documentedRows(): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  for (const line of readFileSync(docPath, "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim().replace(/`/g, ""));
    const code = Number(cells[1]);
    if (cells.length > 5 && Number.isInteger(code) && cells[1] !== "") rows.set(code, cells.slice(1, -1));
  }
  return rows;
}

describe("error catalogue", () => {
  it("gives every error a unique code and a unique name", () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("keeps the SPEC §5 and §8 codes and keys", () => {
    expect(errorCatalogue.invalidOdds).toMatchObject({ code: 101, key: "error.place_bets.invalid_odds" });
    expect(errorCatalogue.invalidOddsCustomBet).toMatchObject({
      code: 120,
      key: "error.place_bets.invalid_odds_custom_bet",
    });
    expect(errorCatalogue.municipalityNotFound.code).toBe(118);
    expect(errorCatalogue.placeBetsDefault.key).toBe("error.place_bets.default");
    expect(errorCatalogue.potentialWinTooLow.key).toBe("error.potential_win.equal_or_less");
  });

  it("uses only HTTP statuses the front end handles", () => {
    for (const e of Object.values(errorCatalogue))
      expect([400, 401, 403, 404, 405, 410, 500]).toContain(e.status);
  });

  it("documents every code in docs/errors.md with its name, status and key, and nothing else", () => {
    const rows = documentedRows();
    for (const [name, e] of Object.entries(errorCatalogue)) {
      const row = rows.get(e.code);
      expect(row, `docs/errors.md misses code ${e.code} (${name})`).toBeDefined();
      expect(row?.slice(0, 4)).toEqual([String(e.code), name, String(e.status), e.key]);
    }
    expect(rows.size).toBe(Object.keys(errorCatalogue).length);
  });

  it("finds an entry by code", () => {
    expect(errorByCode(101)?.name).toBe("invalidOdds");
    expect(errorByCode(9999)).toBeUndefined();
  });

  it("describes the error body", () => {
    const body = {
      code: 101,
      error: "invalidOdds",
      message: "The odds have changed.",
      data: { key: "error.place_bets.invalid_odds", localized_message: "x", errors_by_bet: {} },
    };
    expect(errorResponseSchema.parse(body)).toEqual(body);
  });
});
