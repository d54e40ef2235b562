import {
  type AmbProgress,
  ambProgressResponseSchema,
  type SlipBonusView,
  slipBonusesResponseSchema,
} from "@sportsbook/contracts/http/bonuses";
import { effectiveStake, oddsFromThousandths, type SlipBonus, type TicketBet } from "@sportsbook/domain";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { betInput } from "./ticket-api";

/** A bonus as `POST /bonuses` offers it, as the slip holds it. */
export function slipBonusOf(view: SlipBonusView): SlipBonus {
  return {
    bonusId: String(view.bonus_id),
    bonusType: view.bonus_type,
    name: view.name,
    ...(view.freebet_stake !== null ? { freebetStake: view.freebet_stake } : {}),
    ...(view.ranges.length > 0
      ? {
          ranges: view.ranges.map((r) => ({
            minCount: r.min_count,
            maxCount: r.max_count,
            bonusOdds: oddsFromThousandths(r.bonus_odds),
          })),
        }
      : {}),
    ...(view.min_odds !== null ? { minOdds: oddsFromThousandths(view.min_odds) } : {}),
    ...(view.farming
      ? {
          farming: {
            rule: {
              stakeUnit: view.farming.stake_unit,
              minStake: view.farming.min_stake,
              minOdds: view.farming.min_odds,
              oncePerEvent: view.farming.once_per_event,
            },
            state: { points: view.farming.points, farmedEventIds: view.farming.farmed_event_ids },
            ...(view.farming.target_points !== null ? { targetPoints: view.farming.target_points } : {}),
            ...(view.farming.reward_amount !== null ? { rewardAmount: view.farming.reward_amount } : {}),
            ...(view.farming.places.length > 0 ? { places: view.farming.places } : {}),
          },
        }
      : {}),
  };
}

/** What decides the bonuses a slip is offered: each bet's type, currency and selections. */
export function slipBonusKey(bets: readonly TicketBet[]): string {
  return bets.map((b) => `${b.betType}:${b.currency}:${b.selections.map((s) => s.id).join("+")}`).join("|");
}

/** SPEC §7 `POST /bonuses`: per bet of the slip, the bonuses it may be placed with. */
export async function fetchSlipBonuses(bets: readonly TicketBet[], locale: string): Promise<SlipBonus[][]> {
  const res = await apiFetch("/bonuses", {
    method: "POST",
    locale,
    ...jsonBody({
      bets: bets.map((b) => {
        const { type, selections, stake } = betInput(b);
        return { type, selections, currency: stake.currency };
      }),
    }),
  });
  if (!res.ok) throw new Error(`POST /bonuses answered ${res.status}`);
  return slipBonusesResponseSchema.parse(await res.json()).data.map((offered) => offered.map(slipBonusOf));
}

/** SPEC §7 `POST /bonuses/freebets/amb`: the player's ambs, and the progress these bets would make. */
export async function fetchSlipAmbs(bets: readonly TicketBet[], locale: string): Promise<AmbProgress[]> {
  const res = await apiFetch("/bonuses/freebets/amb", {
    method: "POST",
    locale,
    ...jsonBody({
      bets: bets.map((b) => {
        const { type, selections, stake } = betInput(b);
        return { type, selections, currency: stake.currency, stake: effectiveStake(b) };
      }),
    }),
  });
  if (!res.ok) throw new Error(`POST /bonuses/freebets/amb answered ${res.status}`);
  return ambProgressResponseSchema.parse(await res.json()).data;
}
