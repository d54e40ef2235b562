import { type BetInput, errorCatalogue } from "@sportsbook/contracts";
import {
  type BonusType,
  bonusBetReturn,
  combinabilityIssues,
  isMarketOpen,
  isMatchAvailable,
  MAX_SELECTIONS,
  type Odds,
  potentialPoints,
  potentialReturn,
  type SystemType,
  stakeFromBonus,
  systemLineStake,
  systemTypesFor,
  totalOdds,
} from "@sportsbook/domain";
import { bonusFit, eventIdsOf, type LootboxPlace, totalOddsOf, type UsableBonus } from "../bonuses/slip.js";
import { asSlipSelection, type SelectionState, selectionKey } from "./placement-inputs.js";

export type OddsAcceptMode = "none" | "higher" | "any";

/**
 * SPEC §4 odds-change policy on the server: `none` takes only the odds the player saw, `higher` also
 * takes better odds, `any` takes whatever the odds are now.
 */
export function oddsChangeAccepted(sent: number, current: number, mode: OddsAcceptMode): boolean {
  if (sent === current || mode === "any") return true;
  return mode === "higher" && current > sent;
}

export interface BetRefusal {
  code: number;
  reason: string;
  selections?: {
    match_id: number;
    market_id: number;
    specifier: string;
    outcome_id: string;
    odds: number | null;
    active: boolean;
  }[];
}

export interface AcceptedBet {
  /** Odds taken for each selection, in request order. */
  odds: number[];
  states: SelectionState[];
  totalOdds: number;
  potentialWin: number;
  systemType?: SystemType;
  customOdds?: number;
  bonus?: AcceptedBonus;
}

/** The bonus an accepted bet is placed with. */
export interface AcceptedBonus {
  playerBonusId: number;
  bonusId: number;
  type: BonusType;
  /** A comboboost's odds, in the bet's total odds and potential win. */
  odds: number | null;
  /** The bonus pays the stake (docs/bonuses.md), so the player's balance does not. */
  stakeFromBonus: boolean;
  /**
   * Hunting, tournaments and lootboxes: the points the bet farms and its events; a hunting's target
   * and reward, a lootbox's places.
   */
  farmed?: {
    points: number;
    eventIds: string[];
    oncePerEvent: boolean;
    targetPoints: number | null;
    rewardKey: string | null;
    places: LootboxPlace[];
  };
}

export type BetDecision = { ok: true; bet: AcceptedBet } | { ok: false; refusal: BetRefusal };

export interface DecisionRules {
  mode: OddsAcceptMode;
  /** Largest payout in minor units of the bet's currency. */
  maxPayout: number;
  /** A bet-builder bet's price now (builderPrice); absent when the builder gives none. */
  customOdds?: number;
  /** The player's bonuses a bet may name (usableBonuses). */
  bonuses?: readonly UsableBonus[];
  /** Whether a selection's prices are stale (its producer silent past its threshold): refused as suspended. */
  stale?: (state: SelectionState) => boolean;
  /** The least stake of a bet and of each system line (minimumStake); absent, none is checked. */
  minStake?: number;
}

const refuse = (code: number, reason: string, selections?: BetRefusal["selections"]): BetDecision => ({
  ok: false,
  refusal: selections ? { code, reason, selections } : { code, reason },
});

function parseSystem(id: string | undefined, count: number): SystemType | undefined {
  if (!id) return undefined;
  const [win, total] = id.split("/").map(Number);
  return systemTypesFor(count).find((t) => t.winCount === win && t.totalCount === total);
}

/**
 * Decides one bet against the current state of its selections (SPEC §5): availability, combinability,
 * odds under the player's policy, stake and payout limits. Pure: everything it needs is an argument.
 */
export function decideBet(
  bet: BetInput,
  states: Map<string, SelectionState>,
  rules: DecisionRules,
): BetDecision {
  const codes = errorCatalogue;
  const n = bet.selections.length;
  if (n > MAX_SELECTIONS) return refuse(codes.tooManySelections.code, "max_selections");
  if (bet.type === "single" && n !== 1) return refuse(codes.notCombinable.code, "single_needs_one_selection");
  if ((bet.type === "combo" || bet.type === "custom_bet") && n < 2) {
    return refuse(codes.notCombinable.code, "needs_two_selections");
  }
  const seen = new Set<string>();
  for (const s of bet.selections) {
    const key = selectionKey(s);
    if (seen.has(key)) return refuse(codes.notCombinable.code, "duplicate_selection");
    seen.add(key);
  }

  const found: SelectionState[] = [];
  const missing: BetRefusal["selections"] = [];
  const suspended: BetRefusal["selections"] = [];
  const moved: BetRefusal["selections"] = [];
  for (const s of bet.selections) {
    const state = states.get(selectionKey(s));
    const view = { ...s, odds: state?.odds ?? null, active: state?.active ?? false };
    if (!state || !isMatchAvailable(state.matchStatus)) {
      missing.push({ ...view, active: false });
      continue;
    }
    found.push(state);
    if (!isMarketOpen(state.marketStatus) || !state.active || rules.stale?.(state))
      suspended.push({ ...view, active: false });
    else if (bet.type !== "custom_bet" && !oddsChangeAccepted(s.odds, state.odds, rules.mode))
      moved.push(view);
  }
  if (missing.length) return refuse(codes.selectionNotAvailable.code, "selection_not_available", missing);
  if (suspended.length) return refuse(codes.selectionSuspended.code, "selection_suspended", suspended);
  if (moved.length) return refuse(codes.invalidOdds.code, "odds_different_than_bookmaker", moved);

  // every selection was found above, so `found` runs parallel to the bet's selections
  const slip = bet.selections.flatMap((s, i) => {
    const st = found[i];
    return st ? [asSlipSelection(st, s, i)] : [];
  });
  if (combinabilityIssues(bet.type, slip).length > 0)
    return refuse(codes.notCombinable.code, "not_combinable");

  const odds = found.map((st) => st.odds);
  let systemType: SystemType | undefined;
  let customOdds: number | undefined;
  if (bet.type === "system") {
    systemType = parseSystem(bet.system_id, n);
    if (!systemType) return refuse(codes.invalidSystem.code, "no_system_type");
  }
  if (bet.type === "custom_bet") {
    if (new Set(found.map((st) => st.matchId)).size !== 1) {
      return refuse(codes.notCombinable.code, "custom_bet_one_match");
    }
    if (found.some((st) => st.customBetGroups.length === 0)) {
      return refuse(codes.notCombinable.code, "market_not_in_bet_builder");
    }
    if (rules.customOdds === undefined) return refuse(codes.notCombinable.code, "not_priceable");
    customOdds = rules.customOdds;
    if (bet.custom_odds === undefined || !oddsChangeAccepted(bet.custom_odds, customOdds, rules.mode)) {
      return refuse(codes.invalidOddsCustomBet.code, "odds_different_than_bookmaker");
    }
  }

  let bonus: AcceptedBonus | undefined;
  if (bet.bonus) {
    const named = bet.bonus;
    const held = rules.bonuses?.find((b) => b.bonusId === named.id && b.type === named.type);
    const read = { type: bet.type, currency: bet.stake.currency, selections: slip };
    const fit = held && bonusFit(held, read);
    if (!fit) return refuse(codes.bonusNotApplicable.code, "bonus_not_available");
    const farmed =
      fit.farmingRule && fit.bonus.farming
        ? {
            points: potentialPoints(fit.farmingRule, fit.bonus.farming.state, {
              stake: bet.stake.value,
              odds: totalOddsOf(read),
              eventIds: eventIdsOf(read),
            }),
            eventIds: eventIdsOf(read),
            oncePerEvent: fit.farmingRule.oncePerEvent,
            targetPoints: fit.bonus.farming.targetPoints,
            rewardKey: fit.bonus.farming.rewardKey,
            places: fit.bonus.farming.places,
          }
        : undefined;
    if (farmed?.points === 0) return refuse(codes.bonusNotApplicable.code, "bonus_stake");
    if (fit.freebetStake !== undefined && bet.stake.value !== fit.freebetStake)
      return refuse(codes.bonusNotApplicable.code, "bonus_stake");
    if (named.odds !== undefined && fit.bonusOdds !== undefined && named.odds > fit.bonusOdds)
      return refuse(codes.bonusNotApplicable.code, "bonus_odds_changed");
    bonus = {
      playerBonusId: fit.bonus.playerBonusId,
      bonusId: fit.bonus.bonusId,
      type: fit.bonus.type,
      odds: fit.bonusOdds ?? null,
      stakeFromBonus: stakeFromBonus(fit.bonus.type),
      ...(farmed ? { farmed } : {}),
    };
  }

  // SPEC §5 stake limits: a stake a bonus pays is the bonus's; a system's minimum is per line.
  if (rules.minStake !== undefined && !bonus?.stakeFromBonus) {
    const staked = systemType ? systemLineStake(bet.stake.value, systemType) : bet.stake.value;
    if (staked < rules.minStake)
      return refuse(codes.invalidStake.code, systemType ? "line_below_minimum" : "below_minimum");
  }

  const total = totalOdds(odds as Odds[], { custom: customOdds as Odds | undefined });
  const payout = potentialReturn({
    betType: bet.type,
    stake: bet.stake.value,
    odds: odds as Odds[],
    ...(systemType ? { systemType } : {}),
    ...(customOdds ? { customOdds: customOdds as Odds } : {}),
    ...(bonus?.odds ? { bonusOdds: bonus.odds as Odds } : {}),
  });
  if (payout > rules.maxPayout) return refuse(codes.maxPayoutExceeded.code, "max_payout");
  if (payout <= bet.stake.value && bet.type !== "system") {
    return refuse(codes.potentialWinTooLow.code, "potential_win_equal_or_less");
  }
  // What the player is paid if every selection wins: a freebet keeps back the stake it paid.
  const potentialWin = bonusBetReturn(bonus?.type, { result: "win_entire", payout }, bet.stake.value).cash;
  return {
    ok: true,
    bet: {
      odds,
      states: found,
      totalOdds: total,
      potentialWin,
      ...(systemType ? { systemType } : {}),
      ...(customOdds ? { customOdds } : {}),
      ...(bonus ? { bonus } : {}),
    },
  };
}
