import { bonusDefinitionSchema, jackpotDefinitionSchema } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import {
  bonusDefinitionOf,
  bonusDraftOf,
  emptyBonusDraft,
  emptyJackpotDraft,
  errorsFor,
  fieldErrorsOf,
  fromLocalInput,
  jackpotDefinitionOf,
  TERMS_TEMPLATES,
  toLocalInput,
} from "./promotion-draft";

const messages = { notJson: "not JSON", notNumber: "not a number" };

describe("the promotions desk's form", () => {
  it("sends a definition the server's schema takes, without empty languages or empty optional fields", () => {
    const draft = {
      ...emptyBonusDraft(),
      texts: { name: { en: "Derby", de: "Derby DE", es: " " }, description: { en: "" }, rules: {} },
      issued_by: "promo_code",
      promo_code: "DERBY5",
      uses_count: "2",
      valid_to: "2030-01-01T00:00",
      country_codes: "de, at,",
    };
    const built = bonusDefinitionOf(draft, messages);
    expect(built).toEqual({
      ok: true,
      definition: {
        kind: "freebet",
        status: "enabled",
        name: { en: "Derby", de: "Derby DE" },
        issued_by: "promo_code",
        promo_code: "DERBY5",
        uses_count: 2,
        valid_to: "2030-01-01T00:00:00.000Z",
        country_codes: ["DE", "AT"],
        banners: [],
        terms: TERMS_TEMPLATES.freebet,
      },
    });
    if (built.ok) expect(bonusDefinitionSchema.safeParse(built.definition).success).toBe(true);
  });

  it("offers each kind a template its terms schema takes once its reward is named", () => {
    for (const [kind, terms] of Object.entries(TERMS_TEMPLATES)) {
      const withReward = "reward_bonus" in terms ? { ...terms, reward_bonus: "prize" } : terms;
      const places = Array.isArray(withReward.places)
        ? { places: withReward.places.map((p: object) => ({ ...p, reward_bonus: "prize" })) }
        : {};
      const parsed = bonusDefinitionSchema.safeParse({
        kind,
        name: { en: kind },
        issued_by: "sign_up",
        valid_to: "2030-01-01T00:00:00Z",
        terms: { ...withReward, ...places },
      });
      expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    const jackpot = jackpotDefinitionOf({ ...emptyJackpotDraft(), name: { en: "Pot" } }, messages);
    expect(jackpot.ok && jackpotDefinitionSchema.safeParse(jackpot.definition).success).toBe(true);
  });

  it("refuses JSON that does not parse and numbers that are not, naming the field", () => {
    const built = bonusDefinitionOf({ ...emptyBonusDraft(), terms: "{ nope", valid_days: "7.5" }, messages);
    expect(built).toEqual({ ok: false, errors: { terms: "not JSON", valid_days: "not a number" } });
  });

  it("reads a stored definition back into the form, times in UTC", () => {
    const draft = bonusDraftOf({
      kind: "comboboost",
      name: { en: "Boost" },
      issued_by: "sign_up",
      valid_from: "2026-12-01T08:30:00.000Z",
      country_codes: ["DE", "AT"],
      terms: { ranges: [] },
    });
    expect(draft).toMatchObject({
      kind: "comboboost",
      valid_from: "2026-12-01T08:30",
      country_codes: "DE, AT",
    });
    expect(fromLocalInput(toLocalInput("2026-12-01T08:30:00.000Z"))).toBe("2026-12-01T08:30:00.000Z");
    expect(fromLocalInput("")).toBeUndefined();
  });

  it("puts the server's refusals on the fields they name, a JSON block's inside on the block", () => {
    const errors = fieldErrorsOf([
      { field: "body.definition.terms.amounts", message: "at least one currency" },
      { field: "body.valid_to", message: "after valid_from" },
      { field: "promo_code", message: "taken" },
    ]);
    expect(errors).toEqual({
      "terms.amounts": "at least one currency",
      valid_to: "after valid_from",
      promo_code: "taken",
    });
    expect(errorsFor(errors, "terms")).toBe("amounts: at least one currency");
    expect(errorsFor(errors, "valid_to")).toBe("after valid_from");
    expect(errorsFor(errors, "valid_from")).toBeUndefined();
  });
});
