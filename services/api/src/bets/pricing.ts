import type { BetInput } from "@sportsbook/contracts";
import { accounts } from "@sportsbook/db";
import {
  isMarketOpen,
  isMatchAvailable,
  MATCH_STATUS,
  type Odds,
  potentialReturn,
  systemTypesFor,
} from "@sportsbook/domain";
import { eq } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { currencyTable, maxPayoutMinor, moneyView } from "../wallet/currencies.js";
import { builderPrice, builderRefusal } from "./builder-price.js";
import { decideBet } from "./decide.js";
import { oddsAcceptMode } from "./place.js";
import { selectionKey } from "./placement-inputs.js";
import { loadRiskProfile, profileStakeCeiling, scaledPayoutCap } from "./risk.js";
import { loadSelectionStates } from "./state.js";
import { kindPayoutCap, kindStakeCap, loadMarketKindLimits } from "./trading-limits.js";

/** `POST /bets/custom/odds`: the bet-builder price of outcomes of one match, from open bet-builder markets. */
export async function customOdds(
  ctx: AppContext,
  body: { match_id: number; selections: { market_id: number; specifier: string; outcome_id: string }[] },
  locale: string,
): Promise<number> {
  const keys = body.selections.map((s) => ({ ...s, match_id: body.match_id }));
  const states = await loadSelectionStates(ctx, keys, locale);
  const markets = new Set<string>();
  for (const [i, key] of keys.entries()) {
    const st = states.get(selectionKey(key));
    const field = `body.selections.${i}`;
    if (!st || !isMatchAvailable(st.matchStatus) || st.customBetGroups.length === 0) {
      throw new ApiError("selectionNotAvailable", {
        details: [{ field, message: "not offered in the bet builder" }],
      });
    }
    if (!isMarketOpen(st.marketStatus) || !st.active) {
      throw new ApiError("selectionSuspended", { details: [{ field, message: "suspended" }] });
    }
    const market = `${key.market_id}|${key.specifier}`;
    if (markets.has(market)) {
      throw new ApiError("notCombinable", { details: [{ field, message: "one outcome per market" }] });
    }
    markets.add(market);
  }
  const price = await builderPrice(ctx, body.match_id, body.selections);
  if (!price.ok) throw builderRefusal(price.reason);
  return price.odds;
}

/**
 * `POST /bets/max-stake`: per bet, the largest stake within the player's balance whose potential
 * return stays within the payout limit, under the player's risk profile (`risk.ts`); 0 for a bet
 * that cannot be placed now.
 */
export async function maxStakes(
  ctx: AppContext,
  player: PlayerRow,
  requested: {
    type: BetInput["type"];
    currency: string;
    selections: BetInput["selections"];
    system_id?: string | undefined;
    custom_odds?: Odds | undefined;
  }[],
  locale: string,
) {
  const table = await currencyTable(ctx);
  const mode = await oddsAcceptMode(ctx, player.id);
  const balances = new Map(
    (await ctx.db.select().from(accounts).where(eq(accounts.playerId, player.id))).map((a) => [
      a.currency,
      a.balance,
    ]),
  );
  const states = await loadSelectionStates(
    ctx,
    requested.flatMap((b) => b.selections),
    locale,
  );
  const risk = await loadRiskProfile(ctx.db, player.id);
  const kinds = await loadMarketKindLimits(
    ctx,
    requested.flatMap((b) => b.selections),
  );
  return requested.map((b) => {
    const currency = table.get(b.currency);
    const balance = balances.get(b.currency) ?? 0;
    if (!currency || balance <= 0) return { max_stake: moneyView(0, b.currency, table) };
    const maxPayout = scaledPayoutCap(
      Math.min(maxPayoutMinor(ctx, currency), kindPayoutCap(kinds, b.selections, currency.subunits)),
      risk,
    );
    const probe: BetInput = {
      type: b.type,
      stake: { value: 1, currency: b.currency },
      selections: b.selections,
      ...(b.system_id ? { system_id: b.system_id } : {}),
      ...(b.custom_odds ? { custom_odds: b.custom_odds } : {}),
    };
    const decision = decideBet(probe, states, { mode, maxPayout: Number.MAX_SAFE_INTEGER });
    if (!decision.ok && decision.refusal.code !== 111) return { max_stake: moneyView(0, b.currency, table) };
    const live = b.selections.some((s) => states.get(selectionKey(s))?.matchStatus === MATCH_STATUS.live);
    const ceiling = Math.min(
      balance,
      profileStakeCeiling(risk, live),
      kindStakeCap(kinds, b.selections, currency.subunits),
    );
    const odds = b.selections.map((s) => states.get(selectionKey(s))?.odds ?? s.odds) as Odds[];
    const [win, total] = (b.system_id ?? "").split("/").map(Number);
    const systemType = systemTypesFor(odds.length).find((t) => t.winCount === win && t.totalCount === total);
    const returnFor = (stake: number) =>
      potentialReturn({
        betType: b.type,
        stake,
        odds,
        ...(systemType ? { systemType } : {}),
        ...(decision.ok && decision.bet.customOdds ? { customOdds: decision.bet.customOdds as Odds } : {}),
      });
    // Returns grow with the stake, so the largest stake within the cap is found by bisection.
    let lo = 0;
    let hi = ceiling;
    if (returnFor(hi) <= maxPayout) lo = hi;
    while (lo < hi) {
      const mid = Math.floor((lo + hi + 1) / 2);
      if (returnFor(mid) <= maxPayout) lo = mid;
      else hi = mid - 1;
    }
    return { max_stake: moneyView(lo, b.currency, table) };
  });
}
