import { errorResponseSchema } from "@sportsbook/contracts/errors";
import { maxStakeResponseSchema, placeBetsResponseSchema } from "@sportsbook/contracts/http/bets";
import { placeRefusal } from "@sportsbook/contracts/place-errors";
import {
  effectiveStake,
  idText,
  marketIdOfText,
  matchIdOfText,
  type TicketBet,
  ticketBetPoints,
} from "@sportsbook/domain";
import { betChannel } from "../../lib/bet-channel";
import { apiFetch, jsonBody } from "../../lib/client-api";
import type { SubmitResult } from "./ticket-store";

/** A slip bet as POST /bets takes it: the odds the player accepted, the stake that counts. */
export function betInput(bet: TicketBet) {
  return {
    type: bet.betType,
    stake: { value: effectiveStake(bet), currency: bet.currency },
    selections: bet.selections.map((s) => ({
      match_id: matchIdOfText(s.matchId),
      market_id: marketIdOfText(s.marketId),
      specifier: s.specifier,
      outcome_id: s.outcomeId,
      odds: s.acceptedOdds,
    })),
    ...(bet.betType === "system" && bet.systemType
      ? { system_id: `${bet.systemType.winCount}/${bet.systemType.totalCount}` }
      : {}),
    ...(bet.customOdds !== undefined ? { custom_odds: bet.customOdds } : {}),
    // a hunting or tournament chosen by default that this stake farms nothing for is left out
    // rather than have the bet refused for it
    ...(bet.bonus && ticketBetPoints(bet) !== 0
      ? {
          bonus: {
            id: Number(bet.bonus.bonusId),
            type: bet.bonus.bonusType,
            ...(bet.bonusOdds !== undefined ? { odds: bet.bonusOdds } : {}),
          },
        }
      : {}),
  };
}

/**
 * Places the bets (SPEC §7 POST /bets, all or none) under one idempotency key, so a retry of the same
 * click never places twice; a refusal comes back with its code and per-bet messages.
 */
export async function submitBets(
  bets: readonly TicketBet[],
  opts: { quick: boolean; deviceId: string; locale: string; idempotencyKey: string },
): Promise<SubmitResult> {
  const res = await apiFetch("/bets", {
    method: "POST",
    locale: opts.locale,
    ...jsonBody({
      meta: { device_id: opts.deviceId, quick: opts.quick, type: bets[0]?.betType, channel: betChannel() },
      bets: bets.map(betInput),
    }),
    headers: { "content-type": "application/json", "idempotency-key": opts.idempotencyKey },
  });
  // an answer that is not JSON is no body: the schema check below refuses it
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const placed = placeBetsResponseSchema.safeParse(body);
    if (placed.success) return { ok: true, betIds: placed.data.data.map((b) => idText(b.id)) };
    return { ok: false, failure: { status: res.status } };
  }
  const error = errorResponseSchema.safeParse(body);
  if (!error.success) return { ok: false, failure: { status: res.status } };
  const byBet = error.data.data.errors_by_bet ?? {};
  return {
    ok: false,
    failure: {
      status: res.status,
      code: error.data.code,
      ...placeRefusal(error.data.code),
      localizedMessage: error.data.data.localized_message,
      messagesByBet: Object.fromEntries(Object.entries(byBet).map(([i, e]) => [i, e.localized_message])),
    },
  };
}

/** The largest stake the book takes on this bet now (SPEC §7 POST /bets/max-stake), in minor units. */
export async function maxStake(bet: TicketBet, locale: string): Promise<number> {
  return (await maxStakes([bet], locale))[0] ?? 0;
}

/** SPEC §7 `POST /bets/max-stake`: per bet, the most it may stake now (balance and payout cap). */
export async function maxStakes(bets: readonly TicketBet[], locale: string): Promise<number[]> {
  const res = await apiFetch("/bets/max-stake", {
    method: "POST",
    locale,
    ...jsonBody({
      bets: bets.map((bet) => {
        const { stake, ...rest } = betInput(bet);
        return { ...rest, currency: stake.currency };
      }),
    }),
  });
  if (!res.ok) throw new Error(`POST /bets/max-stake answered ${res.status}`);
  return maxStakeResponseSchema.parse(await res.json()).data.map((d) => d.max_stake.value);
}
