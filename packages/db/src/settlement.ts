import {
  type BetSettlement,
  type BetType,
  BONUS_TYPES,
  type BonusType,
  bonusBetReturn,
  cancelledBet,
  type Odds,
  SETTLEABLE_BET_STATUSES,
  type SelectionSettlement,
  type SettlementLeg,
  settleBet,
} from "@sportsbook/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor, Transaction } from "./database.js";
import { houseAccountId, InsufficientFundsError, postPlayerTransfer } from "./ledger.js";
import { type NotificationRow, recordNotification } from "./notifications.js";
import { type BetBonusRecord, betSelections, bets } from "./schema/bets.js";
import { playerBonuses } from "./schema/bonuses.js";
import { ledgerEntries, ledgerTransactions } from "./schema/wallet.js";

/** What a player's devices hear of a settled (or reopened) bet: its status and result as `GET /bets` shows them. */
export interface BetNotice {
  betId: number;
  playerId: number;
  currency: string;
  status: (typeof SETTLEABLE_BET_STATUSES)[number];
  result: BetSettlement["result"];
  winAmount: number | null;
  balance?: number;
  /** The player's notification of a settled bet, with their unread count after it. */
  notification?: { notification: NotificationRow; unread: number };
}

const SELECTION: Record<string, { won: boolean; voidFactor: 0 | 0.5 | 1 }> = {
  won: { won: true, voidFactor: 0 },
  lost: { won: false, voidFactor: 0 },
  void: { won: false, voidFactor: 1 },
  half_won: { won: true, voidFactor: 0.5 },
  half_lost: { won: false, voidFactor: 0.5 },
};

/** How a stored selection settled, for the settlement maths; `undefined` while it is open. */
export function selectionSettlementOf(s: {
  status: string;
  deadHeatFactor: number | null;
}): SelectionSettlement | undefined {
  const base = SELECTION[s.status];
  if (!base) return undefined;
  return {
    ...base,
    ...(s.deadHeatFactor !== null && s.deadHeatFactor !== 1000
      ? { deadHeatFactor: { n: BigInt(s.deadHeatFactor), d: 1000n } }
      : {}),
  };
}

/** The kind of bonus the bet was placed with, if any (an unknown stored kind counts as none). */
function bonusTypeOf(bonus: BetBonusRecord | null): BonusType | undefined {
  return BONUS_TYPES.find((t) => t === bonus?.type);
}

/**
 * Gives a void freebet bet's use back to the player, or takes it again when a correction settles the
 * bet otherwise; the bet remembers which, so repeating a settlement changes nothing.
 */
async function returnFreebet(tx: Transaction, betId: number, bonus: BetBonusRecord, returned: boolean) {
  await tx
    .update(playerBonuses)
    .set({ timesUsed: sql`greatest(${playerBonuses.timesUsed} + ${returned ? -1 : 1}, 0)` })
    .where(eq(playerBonuses.id, bonus.player_bonus_id));
  await tx
    .update(bets)
    .set({ bonus: { ...bonus, freebet_returned: returned } })
    .where(eq(bets.id, betId));
}

/**
 * Takes back the points a cancelled bet farmed for a hunting, tournament or lootbox (and frees its
 * events to farm again), or farms them again when a rollback revives the bet; remembered on the bet
 * like a returned freebet. A reward the points already won stays won.
 */
async function returnPoints(tx: Transaction, betId: number, bonus: BetBonusRecord, returned: boolean) {
  const points = bonus.points ?? 0;
  const events = sql`array[${sql.join(
    (bonus.event_ids ?? []).map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .update(playerBonuses)
    .set(
      returned
        ? {
            points: sql`greatest(${playerBonuses.points} - ${points}, 0)`,
            farmedEventIds: sql`array(select e from unnest(${playerBonuses.farmedEventIds}) e where not e = any(${events}))`,
          }
        : {
            points: sql`${playerBonuses.points} + ${points}`,
            farmedEventIds: sql`array(select distinct e from unnest(${playerBonuses.farmedEventIds} || ${events}) e order by e)`,
          },
    )
    .where(eq(playerBonuses.id, bonus.player_bonus_id));
  await tx
    .update(bets)
    .set({ bonus: { ...bonus, points_returned: returned } })
    .where(eq(bets.id, betId));
}

/** What settlement has credited to the player for a bet so far, according to the ledger. */
async function paidSoFar(tx: Executor, betId: number, accountId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | number | null>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.referenceType, "bet"),
        eq(ledgerTransactions.referenceId, String(betId)),
        inArray(ledgerTransactions.kind, ["payout", "refund"]),
        eq(ledgerEntries.accountId, accountId),
      ),
    );
  return Number(row?.sum ?? 0);
}

/**
 * Re-evaluates one bet from its selections with the domain's settlement maths and moves money by
 * the difference between what it should have paid and what the ledger says it has paid. Repeating
 * a settlement therefore pays nothing twice, and a rollback takes a payout back.
 */
export async function resettleBet(tx: Transaction, betId: number, at: Date): Promise<BetNotice | undefined> {
  const [bet] = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.id, betId), inArray(bets.status, [...SETTLEABLE_BET_STATUSES])))
    .for("update");
  if (!bet) return undefined;
  const sels = await tx
    .select()
    .from(betSelections)
    .where(eq(betSelections.betId, betId))
    .orderBy(betSelections.position);
  const legs: SettlementLeg[] = sels.map((s) => {
    const settlement = selectionSettlementOf(s);
    return { odds: s.odds as Odds, ...(settlement ? { settlement } : {}) };
  });
  const bonus = bet.bonus;
  const bonusType = bonusTypeOf(bonus);
  const allCancelled = sels.length > 0 && sels.every((s) => s.status === "void" && s.result === null);
  const outcome: BetSettlement = allCancelled
    ? cancelledBet(bet.activeStake)
    : settleBet({
        betType: bet.type as BetType,
        stake: bet.activeStake,
        legs,
        ...(bet.systemWinCount !== null && bet.systemTotalCount !== null
          ? { systemType: { winCount: bet.systemWinCount, totalCount: bet.systemTotalCount } }
          : {}),
        ...(bet.customOdds !== null ? { customOdds: bet.customOdds as Odds } : {}),
        ...(bonusType === "comboboost" && bonus?.odds ? { bonusOdds: bonus.odds as Odds } : {}),
      });
  const open = outcome.result === "no_results";
  // what the player gets under the bet's bonus: a freebet keeps its stake back, a no-risk one insures it
  const back = bonusBetReturn(bonusType, outcome, bet.activeStake);
  const target = back.cash;
  // a no-risk freebet's insured stake comes from the bonus budget, everything else from the stakes
  const houseKind =
    bonusType === "freebet_no_risk" && target > outcome.payout ? "house_bonus" : "house_stakes";
  const paid = await paidSoFar(tx, bet.id, bet.accountId);
  const delta = target - paid;
  let balance: number | undefined;
  if (delta !== 0) {
    try {
      // a savepoint, so a refused take-back leaves the rest of the settlement in place
      balance = await tx.transaction(async (sp) => {
        const r = await postPlayerTransfer(sp, {
          kind: outcome.result === "refund_entire" || outcome.result === "canceled" ? "refund" : "payout",
          currency: bet.currency,
          reference: { type: "bet", id: String(bet.id) },
          playerAccountId: bet.accountId,
          houseAccountId: await houseAccountId(sp, houseKind, bet.currency),
          amount: delta,
        });
        return r.playerBalance;
      });
    } catch (e) {
      if (!(e instanceof InsufficientFundsError)) throw e;
      // the player has already spent a payout that a rollback takes back; it stays on the ledger
      // as paid, so the next settlement of this bet pays only the difference
    }
  }
  const freebetTurned = bonus !== null && back.freebetReturned !== (bonus.freebet_returned ?? false);
  if (bonus && freebetTurned) await returnFreebet(tx, bet.id, bonus, back.freebetReturned);
  const cancelled = outcome.result === "canceled";
  const pointsTurned = (bonus?.points ?? 0) > 0 && cancelled !== (bonus?.points_returned ?? false);
  if (bonus && pointsTurned) await returnPoints(tx, bet.id, bonus, cancelled);
  const status = open ? "waiting_results" : "done";
  const changed =
    status !== bet.status || outcome.result !== bet.result || delta !== 0 || freebetTurned || pointsTurned;
  if (!changed) return undefined;
  await tx
    .update(bets)
    .set({
      status,
      result: outcome.result,
      winAmount: open ? null : target,
      payoutStatus: open ? "initial" : "paid",
      settledAt: open ? null : at,
      updatedAt: at,
    })
    .where(eq(bets.id, bet.id));
  const notification = open
    ? undefined
    : await recordNotification(tx, bet.playerId, {
        type: "bet_settled",
        betId: bet.id,
        result: outcome.result,
        amount: target,
        currency: bet.currency,
      });
  return {
    betId: bet.id,
    playerId: bet.playerId,
    currency: bet.currency,
    status,
    result: outcome.result,
    winAmount: open ? null : target,
    ...(balance !== undefined ? { balance } : {}),
    ...(notification ? { notification } : {}),
  };
}
