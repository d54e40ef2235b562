import { randomBytes } from "node:crypto";
import { type BetInput, errorCatalogue, type PlaceBetsBody, type PlacedBet } from "@sportsbook/contracts";
import { betChanged } from "@sportsbook/contracts/player-events";
import { type Executor, InsufficientFundsError, playerSettings, type Transaction } from "@sportsbook/db";
import { MATCH_STATUS, minimumStake } from "@sportsbook/domain";
import { eq } from "drizzle-orm";
import { progressAmbs } from "../bonuses/amb.js";
import type { BonusRow } from "../bonuses/definitions.js";
import { announceIssued } from "../bonuses/issue.js";
import { type UsableBonus, usableBonuses } from "../bonuses/slip.js";
import { BonusSpentError, fundStakeFromBonus, spendBonusOnBet } from "../bonuses/spend.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { hashRequest, once } from "../http/idempotency.js";
import {
  announceJackpots,
  type FedJackpots,
  feedJackpots,
  type JackpotShare,
  jackpotShares,
  type PlayedBet,
} from "../jackpots/play.js";
import { enforceLimits } from "../limits/barriers.js";
import { customBetAllowedAlone } from "../player/settings.js";
import { publishBalance, publishToPlayer } from "../realtime/to-player.js";
import { publishPlacedTicker } from "../realtime/to-staff.js";
import { houseAccount } from "../wallet/accounts.js";
import { currencyTable, maxPayoutMinor } from "../wallet/currencies.js";
import { builderPrice } from "./builder-price.js";
import { type AcceptedBet, type BetRefusal, decideBet, type OddsAcceptMode } from "./decide.js";
import type { PlacementSession, RiskProfile, SelectionKey, SelectionState } from "./placement-inputs.js";
import { presentBet, type SelectionView } from "./present.js";
import { riskRefusal, scaledPayoutCap } from "./risk.js";
import { loadPlacementContext, loadSelectionStates } from "./state.js";
import {
  kindPayoutCap,
  kindStakeRefusal,
  liveBetDelayFor,
  loadMarketKindLimits,
  type MarketKindLimits,
} from "./trading-limits.js";
import { type Confirmation, type Placement, writeBet } from "./write.js";

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short public bet reference, e.g. `K7Q2MZ4XPA`. */
function newRef(): string {
  return [...randomBytes(10)].map((b) => REF_ALPHABET[b % REF_ALPHABET.length]).join("");
}

/** A stored odds-change policy (SPEC §4) read as one: `none` unless the player chose another. */
function acceptModeOf(stored: unknown): OddsAcceptMode {
  return stored === "higher" || stored === "any" ? stored : "none";
}

/** The player's odds-change policy. */
export async function oddsAcceptMode(ctx: AppContext, playerId: number): Promise<OddsAcceptMode> {
  const [row] = await ctx.db
    .select({ document: playerSettings.document })
    .from(playerSettings)
    .where(eq(playerSettings.playerId, playerId));
  return acceptModeOf(
    (row?.document as { auto_accept_odds_change?: unknown } | undefined)?.auto_accept_odds_change,
  );
}

function refusalError(refusals: Map<number, BetRefusal>): ApiError {
  const all = [...refusals.values()];
  const wrongOdds = all.find((r) => r.code === 101 || r.code === 120);
  const headline = wrongOdds ?? all[0];
  const kind =
    headline?.code === 101
      ? "invalidOdds"
      : headline?.code === 120
        ? "invalidOddsCustomBet"
        : headline?.code === 102
          ? "insufficientFunds"
          : headline?.code === errorCatalogue.bonusNotApplicable.code
            ? "bonusNotApplicable"
            : "placeBetsDefault";
  return new ApiError(kind, {
    errorsByBet: Object.fromEntries([...refusals].map(([i, r]) => [String(i), r])),
    isWrongOdds: wrongOdds !== undefined,
  });
}

interface Decided {
  accepted: AcceptedBet[];
  live: boolean;
}

/** The live delay of a decided slip: the longest of its live matches' sport or tournament delays. */
function liveDelayOf(ctx: AppContext, decided: Decided): Promise<number> {
  const liveMatches = decided.accepted.flatMap((a) =>
    a.states
      .filter((s: SelectionState) => s.matchStatus === MATCH_STATUS.live)
      .map((s: SelectionState) => s.matchId),
  );
  return liveBetDelayFor(ctx.db, liveMatches, ctx.settings.liveBetDelayMs);
}

async function decideAll(
  ctx: AppContext,
  body: PlaceBetsBody,
  mode: OddsAcceptMode,
  balances: Map<string, { id: number; balance: number }>,
  states: Map<string, SelectionState>,
  bonuses: readonly UsableBonus[] | undefined,
  risk: RiskProfile | null,
  kinds: MarketKindLimits,
): Promise<Decided> {
  const table = await currencyTable(ctx);
  const feed = ctx.feed;
  const stale = feed
    ? (s: SelectionState) => feed.isStale(s.provider, s.matchStatus === MATCH_STATUS.live)
    : undefined;
  const refusals = new Map<number, BetRefusal>();
  const accepted: AcceptedBet[] = [];
  // SPEC §3 custom_bet_allow_single, read only for a placement of one bet-builder bet
  const customBetRefusedAlone =
    body.bets.length === 1 && body.bets[0]?.type === "custom_bet" && !(await customBetAllowedAlone(ctx));
  const stakeByCurrency = new Map<string, number>();
  // Bet-builder prices come from the score model over the match's own prices (one read per bet).
  const builder = await Promise.all(
    body.bets.map((bet) =>
      bet.type === "custom_bet" && bet.selections[0]
        ? builderPrice(ctx, bet.selections[0].match_id, bet.selections)
        : undefined,
    ),
  );
  body.bets.forEach((bet: BetInput, i) => {
    const currency = table.get(bet.stake.currency);
    if (!currency?.enabled || !balances.has(bet.stake.currency)) {
      refusals.set(i, { code: errorCatalogue.currencyMismatch.code, reason: "no_account_in_currency" });
      return;
    }
    if (customBetRefusedAlone) {
      refusals.set(i, { code: errorCatalogue.notCombinable.code, reason: "custom_bet_alone" });
      return;
    }
    const price = builder[i];
    const decision = decideBet(bet, states, {
      mode,
      maxPayout: scaledPayoutCap(
        Math.min(maxPayoutMinor(ctx, currency), kindPayoutCap(kinds, bet.selections, currency.subunits)),
        risk,
      ),
      minStake: minimumStake(currency),
      ...(price?.ok ? { customOdds: price.odds } : {}),
      ...(bonuses ? { bonuses } : {}),
      ...(stale ? { stale } : {}),
    });
    const held = decision.ok
      ? (riskRefusal(
          risk,
          bet.stake.value,
          decision.bet.states.some((st) => st.matchStatus === MATCH_STATUS.live),
        ) ?? kindStakeRefusal(kinds, bet.selections, currency.subunits, bet.stake.value))
      : undefined;
    if (!decision.ok) refusals.set(i, decision.refusal);
    else if (held) refusals.set(i, held);
    else accepted[i] = decision.bet;
    // a stake the bonus pays is not the player's to have
    if (decision.ok && decision.bet.bonus?.stakeFromBonus) return;
    stakeByCurrency.set(bet.stake.currency, (stakeByCurrency.get(bet.stake.currency) ?? 0) + bet.stake.value);
  });
  for (const [code, total] of stakeByCurrency) {
    if (total > (balances.get(code)?.balance ?? 0)) {
      body.bets.forEach((bet, i) => {
        if (bet.stake.currency === code && !refusals.has(i))
          refusals.set(i, { code: errorCatalogue.insufficientFunds.code, reason: "insufficient_funds" });
      });
    }
  }
  if (refusals.size > 0) throw refusalError(refusals);
  return {
    accepted,
    live: accepted.some((a) => a.states.some((s: SelectionState) => s.matchStatus === MATCH_STATUS.live)),
  };
}

/** Who places: the session cookie's token hash, and the sign-in rules for the session it names. */
export interface Placer {
  tokenHash: string;
  admit(session: PlacementSession | undefined): asserts session is PlacementSession;
}

/** The player a placement is for, as far as writing the bets needs. */
interface Bettor {
  id: number;
  isVip: boolean;
  /** The placing request's locale, for what the player is told. */
  locale: string;
}

/**
 * `POST /bets` as stages: load the session, accounts and selection states (one round trip) →
 * decide (domain rules) → wait the live delay and decide again → persist stakes, bets and audit
 * atomically → publish. Nothing is placed unless every bet is accepted.
 *
 * A lone bet without an idempotency key is first tried on what the session's last placement read
 * (`PlacementMemory`), written only if the database confirms it in the same call.
 */
export async function placeBets(
  ctx: AppContext,
  placer: Placer,
  body: PlaceBetsBody,
  locale: string,
  idempotencyKey: string | undefined,
): Promise<{ data: PlacedBet[] }> {
  const started = performance.now();
  const keys = body.bets.flatMap((b) => b.selections);
  try {
    const answer =
      (idempotencyKey === undefined ? await placeOnRemembered(ctx, placer, body, keys, locale) : undefined) ??
      (await placeOnRead(ctx, placer, body, keys, locale, idempotencyKey));
    for (const bet of answer.data) ctx.metrics.betsPlaced.inc({ type: bet.type });
    ctx.metrics.placementDuration.observe((performance.now() - started) / 1000);
    return answer;
  } catch (error) {
    if (error instanceof ApiError) ctx.metrics.betsRefused.inc({ code: error.kind });
    throw error;
  }
}

async function placeOnRead(
  ctx: AppContext,
  placer: Placer,
  body: PlaceBetsBody,
  keys: SelectionKey[],
  locale: string,
  idempotencyKey: string | undefined,
): Promise<{ data: PlacedBet[] }> {
  ctx.metrics.placementPaths.inc({ path: "read" });
  const context = await loadPlacementContext(ctx, placer.tokenHash, keys, locale);
  placer.admit(context.session);
  ctx.placementMemory.remember(placer.tokenHash, context, locale);
  const player: Bettor = { id: context.session.playerId, isVip: context.session.isVip, locale };
  const bonuses = body.bets.some((b) => b.bonus) ? await usableBonuses(ctx, ctx.db, player.id) : undefined;
  const scope = idempotencyKey
    ? { playerId: player.id, scope: "place_bets", key: idempotencyKey, requestHash: hashRequest(body) }
    : undefined;
  return once<{ data: PlacedBet[] }>(ctx, scope, async (record) => {
    const mode = acceptModeOf(context.mode);
    const kinds = await loadMarketKindLimits(ctx, keys);
    let decided = await decideAll(
      ctx,
      body,
      mode,
      context.accounts,
      context.states,
      bonuses,
      context.risk,
      kinds,
    );
    const delayMs = decided.live ? await liveDelayOf(ctx, decided) : 0;
    if (delayMs > 0) {
      // Live odds can move during the delay: everything is checked again against fresh state.
      await ctx.sleep(delayMs);
      decided = await decideAll(
        ctx,
        body,
        mode,
        context.accounts,
        await loadSelectionStates(ctx, keys, locale),
        bonuses,
        context.risk,
        kinds,
      );
    }
    return persist(ctx, player, body, mode, decided.accepted, context.accounts, {
      limits: context.limited,
      record: scope ? record : undefined,
    });
  });
}

/**
 * A lone bet decided on what the session's last placement read and written only if everything it
 * was decided on still holds. Undefined whenever that cannot settle it — nothing remembered, a
 * refusal or a live selection (decided on fresh state only), or state that has changed since — and
 * the placement is then decided on a fresh read.
 */
async function placeOnRemembered(
  ctx: AppContext,
  placer: Placer,
  body: PlaceBetsBody,
  keys: SelectionKey[],
  locale: string,
): Promise<{ data: PlacedBet[] } | undefined> {
  // a bonus is checked against the player's bonuses as they are now, read with the placement
  if (body.bets.length !== 1 || body.bets[0]?.type === "custom_bet" || body.bets[0]?.bonus) return undefined;
  const context = ctx.placementMemory.recall(placer.tokenHash, keys, locale);
  if (!context) return undefined;
  const { session } = context;
  try {
    placer.admit(session);
  } catch {
    // a refusal is answered from a fresh read, which admits or refuses the session again
    return undefined;
  }
  const mode = acceptModeOf(context.mode);
  let decided: Decided;
  try {
    // remembered only for a player without a risk profile, which the write confirms
    decided = await decideAll(
      ctx,
      body,
      mode,
      context.accounts,
      context.states,
      undefined,
      null,
      await loadMarketKindLimits(ctx, keys),
    );
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
  if (decided.live) return undefined;
  const states = decided.accepted[0]?.states ?? [];
  try {
    const answer = await persist(
      ctx,
      { id: session.playerId, isVip: session.isVip, locale },
      body,
      mode,
      decided.accepted,
      context.accounts,
      {
        limits: false,
        confirmation: {
          tokenHash: placer.tokenHash,
          csrfToken: session.csrfToken,
          playerStatus: session.status,
          storedOddsAcceptMode: context.mode,
          currentOdds: states.map((s) => s.odds),
          marketStatuses: states.map((s) => s.marketStatus),
          matchStatuses: states.map((s) => s.matchStatus),
        },
      },
    );
    ctx.metrics.placementPaths.inc({ path: "remembered" });
    return answer;
  } catch (error) {
    if (!(error instanceof DecidedOnChangedState)) throw error;
    ctx.placementMemory.forget(placer.tokenHash);
    ctx.metrics.placementPaths.inc({ path: "changed" });
    return undefined;
  }
}

/** How accepted bets are written: under limits, recorded under an idempotency key, or confirmed. */
interface WriteMode {
  /** Limits are in force: the stakes are checked under the player's lock first. */
  limits: boolean;
  /** Records the answer under the request's idempotency key, in the placing transaction. */
  record?: ((tx: Transaction, answer: { data: PlacedBet[] }) => Promise<void>) | undefined;
  /** The bet was decided on remembered state, which the write must confirm. */
  confirmation?: Confirmation;
}

/** Thrown by `persist` when the write found that the state a bet was decided on has changed. */
class DecidedOnChangedState extends Error {}

/**
 * Writes the accepted bets. A lone bet of a player without limits in force, sent without an
 * idempotency key, is one atomic call, committed by group commit with the lone bets that arrive
 * meanwhile (`writeBet`); anything more (several bets that stand or fall together, a limit check
 * that must hold the player's lock, an answer to record under a key) runs in one transaction of
 * its own around the same call.
 */
async function persist(
  ctx: AppContext,
  player: Bettor,
  body: PlaceBetsBody,
  mode: OddsAcceptMode,
  accepted: AcceptedBet[],
  balances: Map<string, { id: number; balance: number }>,
  write: WriteMode,
): Promise<{ data: PlacedBet[] }> {
  const table = await currencyTable(ctx);
  const now = ctx.now();
  const newBalances = new Map<string, number>();
  const houses = new Map<string, number>();
  const bonusHouses = new Map<string, number>();
  for (const currency of new Set(body.bets.map((b) => b.stake.currency))) {
    houses.set(currency, await houseAccount(ctx, "house_stakes", currency, player.id));
  }
  for (const [i, input] of body.bets.entries()) {
    if (accepted[i]?.bonus?.stakeFromBonus && !bonusHouses.has(input.stake.currency))
      bonusHouses.set(
        input.stake.currency,
        await houseAccount(ctx, "house_bonus", input.stake.currency, player.id),
      );
  }
  const withBonus = accepted.some((a) => a?.bonus);
  // rewards the bets won (a hunting's or a lootbox's freebets), announced once the bets stand
  const rewards: BonusRow[] = [];
  // `tx` is set when the bets are written in a transaction, which a bet with a bonus always is.
  const writeAll = async (ex: Executor, tx?: Transaction): Promise<{ data: PlacedBet[] }> => {
    const placed: PlacedBet[] = [];
    for (const [i, input] of body.bets.entries()) {
      const decision = accepted[i];
      const account = balances.get(input.stake.currency);
      if (!decision || !account) throw new Error("an undecided bet reached persistence");
      const placement: Placement = {
        bet: {
          ref: newRef(),
          playerId: player.id,
          accountId: account.id,
          type: input.type,
          currency: input.stake.currency,
          stake: input.stake.value,
          odds: decision.totalOdds,
          potentialWin: decision.potentialWin,
          systemWinCount: decision.systemType?.winCount ?? null,
          systemTotalCount: decision.systemType?.totalCount ?? null,
          customOdds: decision.customOdds ?? null,
          isVip: player.isVip,
          quick: body.meta.quick,
          deviceId: body.meta.device_id ?? null,
          channel: body.meta.channel,
          oddsAcceptMode: mode,
          createdAt: now,
        },
        selections: input.selections.map((s, position) => ({
          matchId: s.match_id,
          marketRowId: decision.states[position]?.marketRowId ?? 0,
          marketId: s.market_id,
          specifier: s.specifier,
          outcomeId: s.outcome_id,
          odds: decision.odds[position] ?? s.odds,
        })),
        audit: { request: input, accepted_odds: decision.odds, potential_win: decision.potentialWin },
        houseAccountId: houses.get(input.stake.currency) ?? 0,
      };
      const bonus = decision.bonus;
      if (bonus && !tx) throw new Error("a bet with a bonus reached persistence outside a transaction");
      if (bonus?.stakeFromBonus && tx) {
        await fundStakeFromBonus(tx, {
          bonus,
          accountId: account.id,
          houseBonusAccountId: bonusHouses.get(input.stake.currency) ?? 0,
          currency: input.stake.currency,
          stake: input.stake.value,
        });
      }
      const written = await writeBet(ctx, ex, placement, write.confirmation);
      if (written === "changed") throw new DecidedOnChangedState();
      if (!written) throw new InsufficientFundsError(account.id);
      if (bonus && tx) {
        const spent = await spendBonusOnBet(
          tx,
          written.bet.id,
          bonus,
          { playerId: player.id, currency: input.stake.currency, language: player.locale },
          now,
          ctx.roll,
        );
        written.bet.bonus = spent.record;
        rewards.push(...spent.rewards);
      }
      newBalances.set(input.stake.currency, written.playerBalance);
      const views: SelectionView[] = written.selections.map((row, position) => {
        const st = decision.states[position] as SelectionState;
        return {
          row,
          matchUrnId: st.matchUrnId,
          matchSlug: st.matchSlug,
          matchName: st.matchName,
          matchStatus: st.matchStatus,
          startTime: st.startTime,
          sportKey: st.sportKey,
          provider: st.provider,
          marketName: st.marketName,
          marketStatus: st.marketStatus,
          outcomeName: st.outcomeName,
          leg: {
            acceptedOdds: row.odds,
            currentOdds: st.odds,
            status: row.status,
            voidFactor: null,
            deadHeatFactor: null,
            result: null,
          },
        };
      });
      placed.push(presentBet(ctx, written.bet, views, table));
    }
    return { data: placed };
  };
  // The bets play for the running jackpots once they stand (a jackpot's pools are not held by a
  // placement's reads and decisions); whatever the pools do, the bets stand: a failed contribution
  // is counted, not the placement's failure.
  const sharesOf = () =>
    Promise.all(
      body.bets.map(async (input, i) => {
        const decision = accepted[i];
        if (!decision) return [];
        return jackpotShares(ctx, {
          playerId: player.id,
          currency: input.stake.currency,
          stake: input.stake.value,
          odds: decision.totalOdds,
          freebet: decision.bonus?.stakeFromBonus ?? false,
        });
      }),
    );
  const playAll = async (data: PlacedBet[], shares: JackpotShare[][], within?: Transaction) => {
    const rounds = data.map((bet, i): { bet: PlacedBet; played?: PlayedBet } => {
      const decision = accepted[i];
      const account = balances.get(bet.stake.currency);
      if (!decision || !account) return { bet };
      const played: PlayedBet = {
        betId: bet.id,
        playerId: player.id,
        accountId: account.id,
        currency: bet.stake.currency,
        stake: bet.stake.value,
        odds: decision.totalOdds,
        freebet: decision.bonus?.stakeFromBonus ?? false,
      };
      return { bet, played };
    });
    const fed: { bet: PlacedBet; played?: PlayedBet; fed?: FedJackpots }[] = [];
    for (const [i, round] of rounds.entries()) {
      if (!round.played) {
        fed.push(round);
        continue;
      }
      try {
        fed.push({ ...round, fed: await feedJackpots(ctx, round.played, shares[i] ?? [], within) });
      } catch {
        // the bet stands whatever the pools do: a failed contribution is counted, not the placement's failure
        ctx.metrics.jackpotPlayFailures.inc();
        fed.push(round);
      }
    }
    return {
      answer: {
        data: fed.map((r) =>
          (r.fed?.play.jackpotIds.length ?? 0) > 0 ? { ...r.bet, used_in_jackpot: true } : r.bet,
        ),
      },
      async announce() {
        for (const r of fed) if (r.played && r.fed) await announceJackpots(ctx, r.played, r.fed);
      },
    };
  };
  let answer: { data: PlacedBet[] };
  let jackpots: Awaited<ReturnType<typeof playAll>> | undefined;
  const { limits, record } = write;
  // read before the placing transaction, which then writes the play with the recorded answer
  const recordedShares = record ? await sharesOf() : undefined;
  try {
    answer =
      body.bets.length === 1 && !limits && !record && !withBonus
        ? await writeAll(ctx.db)
        : await ctx.db.transaction(async (tx) => {
            if (limits) {
              // a stake the bonus pays is not the player's money, so no limit counts it
              await enforceLimits(ctx, tx, {
                playerId: player.id,
                kind: "stake",
                movements: body.bets
                  .filter((_, i) => !accepted[i]?.bonus?.stakeFromBonus)
                  .map((b) => ({ currency: b.stake.currency, amount: b.stake.value })),
              });
            }
            const result = await writeAll(tx, tx);
            if (!record) return result;
            // The recorded answer is the whole answer, its jackpot play included, so a replay
            // answers byte for byte what the first request did: the play is written here too.
            jackpots = await playAll(result.data, recordedShares ?? [], tx);
            await record(tx, jackpots.answer);
            return jackpots.answer;
          });
  } catch (error) {
    if (error instanceof BonusSpentError) {
      throw new ApiError("bonusNotApplicable", {
        errorsByBet: Object.fromEntries(
          body.bets.flatMap((b, i) =>
            b.bonus
              ? [[String(i), { code: errorCatalogue.bonusNotApplicable.code, reason: "bonus_spent" }]]
              : [],
          ),
        ),
      });
    }
    if (error instanceof InsufficientFundsError) {
      throw new ApiError("insufficientFunds", {
        errorsByBet: Object.fromEntries(
          body.bets.map((_, i) => [
            String(i),
            { code: errorCatalogue.insufficientFunds.code, reason: "insufficient_funds" },
          ]),
        ),
      });
    }
    throw error;
  }
  for (const bet of answer.data) {
    await publishToPlayer(ctx, player.id, betChanged({ ...bet, currency: bet.stake.currency }));
  }
  for (const [currency, balance] of newBalances) await publishBalance(ctx, player.id, currency, balance);
  await publishPlacedTicker(
    ctx,
    player.id,
    answer.data.map((bet, i) => ({ bet, states: accepted[i]?.states ?? [] })),
  );
  for (const reward of rewards) await announceIssued(ctx, player.id, reward, player.locale);
  const played = jackpots ?? (await playAll(answer.data, await sharesOf()));
  await played.announce();
  try {
    await progressAmbs(
      ctx,
      player,
      answer.data.map((bet, i) => ({
        currency: bet.stake.currency,
        stake: bet.stake.value,
        odds: accepted[i]?.totalOdds ?? 0,
        paidByFreebet: accepted[i]?.bonus?.stakeFromBonus ?? false,
      })),
    );
  } catch {
    // as with the jackpots, the bets stand: a progress not counted is counted as a failure
    ctx.metrics.ambProgressFailures.inc();
  }
  return played.answer;
}
