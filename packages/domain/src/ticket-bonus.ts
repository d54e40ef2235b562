import { effectiveStake, isFreebet, type SlipBonus, type TicketBet } from "./bet.js";
import { comboboostStanding } from "./bonus-rules.js";
import {
  type FarmingBet,
  farmingOdds,
  type NoPointsReason,
  noPointsReason,
  potentialPoints,
} from "./farming.js";

/** A comboboost's odds come from the range its suitable selections reach (SPEC §4); other bonuses carry none. */
export function withBonusOdds(bet: TicketBet): TicketBet {
  const { bonusOdds: _previous, ...rest } = bet;
  if (bet.bonus?.bonusType !== "comboboost") return rest;
  const standing = comboboostStanding(
    { minOdds: bet.bonus.minOdds, ranges: bet.bonus.ranges ?? [] },
    bet.selections,
  );
  const bonus = { ...bet.bonus, activeRangeIndex: standing.activeRangeIndex };
  return standing.bonusOdds ? { ...rest, bonus, bonusOdds: standing.bonusOdds } : { ...rest, bonus };
}

/**
 * Sets or removes a bet's bonus (SPEC §4 bonus selection): a freebet sets the stake to its freebet
 * stake; removing a freebet sets the stake to 0; a lootbox without its own bonus takes the lootbox
 * bonus available to the bet.
 */
export function setBonus(bet: TicketBet, bonus: SlipBonus | null): TicketBet {
  const { bonus: previous, ...rest } = bet;
  if (bonus === null) {
    const cleared = previous && isFreebet(previous.bonusType) ? { ...rest, stake: 0, freebetStake: 0 } : rest;
    return withBonusOdds(cleared);
  }
  const chosen =
    bonus.bonusType === "lootbox" && bonus.bonusId === ""
      ? (bet.availableBonuses.find((b) => b.bonusType === "lootbox") ?? bonus)
      : bonus;
  if (isFreebet(chosen.bonusType)) {
    const freebetStake = chosen.freebetStake ?? 0;
    return withBonusOdds({ ...rest, bonus: chosen, freebetStake, stake: freebetStake });
  }
  const base = previous && isFreebet(previous.bonusType) ? { ...rest, stake: 0, freebetStake: 0 } : rest;
  return withBonusOdds({ ...base, bonus: chosen });
}

/** A comboboost among `available` that the bet qualifies for now (a range its legs reach). */
export function qualifyingBoost(bet: TicketBet, available: readonly SlipBonus[]): SlipBonus | undefined {
  return available.find(
    (b) => b.bonusType === "comboboost" && withBonusOdds({ ...bet, bonus: b }).bonusOdds !== undefined,
  );
}

/**
 * Reconciles a bet with the bonuses now available to it (SPEC §4): a chosen bonus still offered is
 * kept, except a boost the bet no longer qualifies for; a freebet no longer offered resets the stake
 * to 0. With no bonus chosen, the bet takes a boost it qualifies for and nothing else: a freebet is
 * the player's to spend, and farming a hunting or tournament would shut the boost out (one bonus a
 * bet), so neither is chosen for the player.
 */
export function reconcileBonuses(bet: TicketBet, available: readonly SlipBonus[]): TicketBet {
  const withList = { ...bet, availableBonuses: available };
  const current = bet.bonus;
  const still =
    current && available.find((b) => b.bonusId === current.bonusId && b.bonusType === current.bonusType);
  if (still) {
    const kept = withBonusOdds({
      ...withList,
      bonus: { ...still, activeRangeIndex: current?.activeRangeIndex },
    });
    if (still.bonusType !== "comboboost" || kept.bonusOdds !== undefined) return kept;
  }
  const { bonus: _gone, ...unbonused } = withList;
  const base =
    current && isFreebet(current.bonusType) ? { ...unbonused, stake: 0, freebetStake: 0 } : unbonused;
  const boost = qualifyingBoost(base, available);
  return withBonusOdds(boost ? { ...base, bonus: boost } : base);
}

function farmingBetOf(bet: TicketBet): FarmingBet {
  return {
    stake: effectiveStake(bet),
    odds: farmingOdds(
      bet.betType,
      bet.selections.map((s) => s.odds),
    ),
    eventIds: [...new Set(bet.selections.map((s) => s.matchId))],
  };
}

/** The points a slip bet would farm for its hunting or tournament now; undefined without one. */
export function ticketBetPoints(bet: TicketBet): number | undefined {
  const farming = bet.bonus?.farming;
  return farming ? potentialPoints(farming.rule, farming.state, farmingBetOf(bet)) : undefined;
}

/** Why a slip bet farms no point for its hunting or tournament; undefined when it farms or has none. */
export function ticketBetNoPointsReason(bet: TicketBet): NoPointsReason | undefined {
  const farming = bet.bonus?.farming;
  return farming ? noPointsReason(farming.rule, farming.state, farmingBetOf(bet)) : undefined;
}
