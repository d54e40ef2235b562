import type { BetId, MarketId, MatchId, Odds, OutcomeId } from "@sportsbook/domain";
import { describe, expect, expectTypeOf, it } from "vitest";
import { betChangedSchema, type marketsChangedSchema } from "../realtime.js";
import {
  type betInputSchema,
  cashoutBodySchema,
  type placedBetSchema,
  selectionInputSchema,
} from "./bets.js";
import { marketSchema } from "./catalogue.js";
import { betIdSchema, marketIdSchema, matchIdInputSchema, matchIdSchema, outcomeIdSchema } from "./common.js";

function issueCodes(result: { success: boolean; error?: { issues: { code: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.code) ?? [];
}

describe("id schemas", () => {
  it("brand what they accept", () => {
    expect(matchIdSchema.parse(42)).toBe(42);
    expectTypeOf(matchIdSchema.parse(42)).toEqualTypeOf<MatchId>();
    expectTypeOf(marketIdSchema.parse(1)).toEqualTypeOf<MarketId>();
    expectTypeOf(outcomeIdSchema.parse("1")).toEqualTypeOf<OutcomeId>();
    expectTypeOf(betIdSchema.parse(9)).toEqualTypeOf<BetId>();
    // a path or body id arrives as text and is read as a number
    expect(matchIdInputSchema.parse("42")).toBe(42);
    expectTypeOf(matchIdInputSchema.parse("42")).toEqualTypeOf<MatchId>();
  });

  it("refuse bad ids with the codes they always gave", () => {
    expect(issueCodes(matchIdSchema.safeParse("42"))).toEqual(["invalid_type"]);
    expect(issueCodes(matchIdSchema.safeParse(1.5))).toEqual(["invalid_type"]);
    expect(issueCodes(matchIdSchema.safeParse(0))).toEqual(["too_small"]);
    expect(issueCodes(matchIdInputSchema.safeParse("abc"))).toEqual(["invalid_type"]);
    expect(issueCodes(marketIdSchema.safeParse(-1))).toEqual(["too_small"]);
    expect(issueCodes(marketIdSchema.safeParse(2_000_000_001))).toEqual(["too_big"]);
    expect(issueCodes(outcomeIdSchema.safeParse(""))).toEqual(["too_small"]);
    expect(issueCodes(outcomeIdSchema.safeParse("a\u0000"))).toEqual(["custom"]);
    expect(issueCodes(betIdSchema.safeParse(-3))).toEqual(["too_small"]);
    expect(issueCodes(cashoutBodySchema.safeParse({ bet_id: "x" }))).toEqual(["invalid_type"]);
  });

  it("carry branded ids through parsed answers, bodies and realtime events", () => {
    const market = marketSchema.shape;
    expectTypeOf<ReturnType<typeof market.id.parse>>().toEqualTypeOf<MarketId>();
    expectTypeOf<ReturnType<typeof market.match_id.parse>>().toEqualTypeOf<MatchId>();
    const selection = selectionInputSchema.parse({
      match_id: "7",
      market_id: 1,
      outcome_id: "1",
      odds: 1850,
    });
    expect(selection).toMatchObject({ match_id: 7, market_id: 1, outcome_id: "1", odds: 1850 });
    expectTypeOf(selection.match_id).toEqualTypeOf<MatchId>();
    expectTypeOf(selection.outcome_id).toEqualTypeOf<OutcomeId>();
    expectTypeOf(selection.odds).toEqualTypeOf<Odds>();
    expectTypeOf<ReturnType<typeof placedBetSchema.parse>["id"]>().toEqualTypeOf<BetId>();
    expectTypeOf<
      ReturnType<typeof betInputSchema.parse>["selections"][number]["market_id"]
    >().toEqualTypeOf<MarketId>();
    const changed = betChangedSchema.parse({ type: "bet_changed", bet_id: 9, status: "done" });
    expectTypeOf(changed.bet_id).toEqualTypeOf<BetId>();
    expect(
      issueCodes(betChangedSchema.safeParse({ type: "bet_changed", bet_id: "9", status: "done" })),
    ).toEqual(["invalid_type"]);
    // a feed may name a match by text; a number is a catalogue match id
    expectTypeOf<ReturnType<typeof marketsChangedSchema.parse>["match_id"]>().toEqualTypeOf<
      string | MatchId
    >();
  });
});
