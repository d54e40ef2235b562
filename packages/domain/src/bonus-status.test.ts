import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BONUS_STATUSES,
  type BonusTerms,
  bonusListFilter,
  bonusStatus,
  type IssuedBonus,
} from "./bonus-status.js";

const day = 86_400_000;
const now = new Date(Date.UTC(2026, 10, 25, 12));
const at = (days: number) => new Date(now.getTime() + days * day);
const terms = (over: Partial<BonusTerms> = {}): BonusTerms => ({
  enabled: true,
  validFrom: at(-10),
  validTo: at(10),
  usesCount: 1,
  ...over,
});
const issued = (over: Partial<IssuedBonus> = {}): IssuedBonus => ({
  activatedAt: null,
  expiresAt: at(5),
  timesUsed: 0,
  overriddenAt: null,
  ...over,
});

describe("a bonus's state for a player (SPEC §4)", () => {
  it("follows the operator's switch and dates, then the player's copy", () => {
    expect(bonusStatus(terms({ enabled: false }), issued(), now)).toBe("deactivated");
    expect(bonusStatus(terms({ validFrom: at(1) }), null, now)).toBe("upcoming");
    expect(bonusStatus(terms({ validTo: now }), issued(), now)).toBe("expired");
    expect(bonusStatus(terms(), null, now)).toBe("not_available");
    expect(bonusStatus(terms(), issued(), now)).toBe("available");
    expect(bonusStatus(terms(), issued({ activatedAt: at(-1) }), now)).toBe("active");
    expect(bonusStatus(terms(), issued({ activatedAt: at(-1), timesUsed: 1 }), now)).toBe("bonus_over");
    expect(bonusStatus(terms({ usesCount: null }), issued({ timesUsed: 99 }), now)).toBe("available");
    expect(bonusStatus(terms(), issued({ expiresAt: now }), now)).toBe("expired");
    expect(bonusStatus(terms(), issued({ overriddenAt: at(-1) }), now)).toBe("overridden");
    expect(bonusStatus(terms({ validFrom: null, validTo: null }), issued(), now)).toBe("available");
  });

  it("puts every state on one tab: only available, active and not-available ones are valid", () => {
    expect(BONUS_STATUSES.map((s) => [s, bonusListFilter(s)])).toEqual([
      ["available", "valid"],
      ["active", "valid"],
      ["not_available", "valid"],
      ["deactivated", "past"],
      ["bonus_over", "past"],
      ["expired", "past"],
      ["overridden", "past"],
      ["upcoming", "upcoming"],
      ["unknown", "past"],
    ]);
  });

  it("never offers a bonus outside its dates or past its uses", () => {
    const date = fc.integer({ min: -30, max: 30 }).map(at);
    fc.assert(
      fc.property(
        fc.record({
          enabled: fc.boolean(),
          validFrom: fc.option(date),
          validTo: fc.option(date),
          usesCount: fc.option(fc.nat(5)),
        }),
        fc.option(
          fc.record({
            activatedAt: fc.option(date),
            expiresAt: fc.option(date),
            timesUsed: fc.nat(6),
            overriddenAt: fc.option(date),
          }),
        ),
        (t, i) => {
          const status = bonusStatus(t, i, now);
          if (status !== "available" && status !== "active") return;
          expect(t.enabled).toBe(true);
          expect(!t.validFrom || t.validFrom <= now).toBe(true);
          expect(!t.validTo || now < t.validTo).toBe(true);
          expect(i).not.toBeNull();
          expect(t.usesCount === null || (i?.timesUsed ?? 0) < t.usesCount).toBe(true);
          expect(!i?.expiresAt || now < i.expiresAt).toBe(true);
        },
      ),
    );
  });
});
