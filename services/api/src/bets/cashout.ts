import type { PlacedBet } from "@sportsbook/contracts";
import { betCashoutChanged, betChanged } from "@sportsbook/contracts/player-events";
import { auditLog, bets, type NotificationRow, postPlayerTransfer, recordNotification } from "@sportsbook/db";
import { and, eq, sql } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { hashRequest, once } from "../http/idempotency.js";
import { publishBalance, publishNotification, publishToPlayer } from "../realtime/to-player.js";
import { publishTicker } from "../realtime/to-staff.js";
import { houseAccount } from "../wallet/accounts.js";
import { currencyTable, moneyView } from "../wallet/currencies.js";
import { cashoutQuote } from "./cashout-value.js";
import { loadSelectionViews, presentBet } from "./present.js";
import { loadRiskProfile } from "./risk.js";

type CashoutAnswer = { data: PlacedBet; paid: { value: number; currency: string; subunits: number } };

/**
 * `POST /bets/cashout`: inside one transaction the bet is locked, its value recomputed from the
 * current odds, the amount paid through the ledger and the remaining stake reduced. Asking for more
 * than the bet is worth now is refused with the current value.
 */
export async function cashoutBet(
  ctx: AppContext,
  player: PlayerRow,
  body: { bet_id: number; to_cashout?: number | undefined },
  locale: string,
  idempotencyKey: string | undefined,
): Promise<CashoutAnswer> {
  const table = await currencyTable(ctx);
  const scope = idempotencyKey
    ? { playerId: player.id, scope: "cashout", key: idempotencyKey, requestHash: hashRequest(body) }
    : undefined;
  // Filled by a fresh cashout (not by a replayed answer), for the publications after commit.
  const effects: {
    balance?: { currency: string; value: number };
    remaining: number | null;
    notice?: { notification: NotificationRow; unread: number };
  } = { remaining: null };
  const [owned] = await ctx.db
    .select({ currency: bets.currency })
    .from(bets)
    .where(and(eq(bets.id, body.bet_id), eq(bets.playerId, player.id)));
  if (!owned) throw new ApiError("notFound", { details: [{ field: "body.bet_id", message: "no such bet" }] });
  if ((await loadRiskProfile(ctx.db, player.id))?.cashoutBlocked) throw new ApiError("cashoutUnavailable");
  const house = await houseAccount(ctx, "house_stakes", owned.currency, player.id);
  const answer = await once<CashoutAnswer>(ctx, scope, (record) =>
    ctx.db.transaction(async (tx) => {
      const [bet] = await tx.select().from(bets).where(eq(bets.id, body.bet_id)).for("update");
      if (!bet || bet.playerId !== player.id) {
        throw new ApiError("notFound", { details: [{ field: "body.bet_id", message: "no such bet" }] });
      }
      const views = (await loadSelectionViews(tx, [bet.id], locale)).get(bet.id) ?? [];
      const value = cashoutQuote(
        ctx,
        bet,
        views.map((v) => v.leg),
        table,
      );
      if (value === null) throw new ApiError("cashoutUnavailable");
      const amount = body.to_cashout ?? value;
      if (amount > value) {
        throw new ApiError("cashoutValueChanged", {
          data: { to_cashout: moneyView(value, bet.currency, table) },
        });
      }
      const full = amount === value;
      // The share of the stake bought back, rounded up so a partial cashout never over-pays.
      const consumed = full ? bet.activeStake : Math.ceil((bet.activeStake * amount) / value);
      const activeStake = bet.activeStake - consumed;
      const now = ctx.now();
      const [updated] = await tx
        .update(bets)
        .set({
          activeStake,
          cashedOutAmount: sql`${bets.cashedOutAmount} + ${amount}`,
          // a bet cashed out in full has nothing left in play, however many parts it took
          potentialWin: full ? 0 : Math.floor((bet.potentialWin * activeStake) / bet.activeStake),
          status: full ? "cashed_out" : bet.status,
          result: full ? "cashed_out" : bet.result,
          winAmount: full ? bet.cashedOutAmount + amount : bet.winAmount,
          settledAt: full ? now : null,
          payoutStatus: full ? "paid" : bet.payoutStatus,
          updatedAt: now,
        })
        .where(eq(bets.id, bet.id))
        .returning();
      if (!updated) throw new Error("bet row vanished during cashout");
      const posting = await postPlayerTransfer(tx, {
        kind: "cashout",
        currency: bet.currency,
        reference: { type: "bet", id: String(bet.id) },
        playerAccountId: bet.accountId,
        houseAccountId: house,
        amount,
      });
      await tx.insert(auditLog).values({
        entityType: "bet",
        entityId: String(bet.id),
        action: full ? "cashed_out" : "partially_cashed_out",
        playerId: player.id,
        data: { amount, value, stake_consumed: consumed, active_stake: activeStake },
        createdAt: now,
      });
      effects.balance = { currency: bet.currency, value: posting.playerBalance };
      effects.notice = await recordNotification(tx, player.id, {
        type: "bet_cashed_out",
        betId: bet.id,
        amount,
        currency: bet.currency,
      });
      const presented = presentBet(ctx, updated, views, table);
      effects.remaining = presented.to_cashout?.value ?? null;
      const result = { data: presented, paid: moneyView(amount, bet.currency, table) };
      await record(tx, result);
      return result;
    }),
  );
  const { balance, notice } = effects;
  if (balance) {
    const bet = answer.data;
    await publishToPlayer(ctx, player.id, betChanged({ ...bet, currency: bet.stake.currency }));
    await publishToPlayer(ctx, player.id, betCashoutChanged(bet.id, effects.remaining, bet.stake.currency));
    await publishBalance(ctx, player.id, balance.currency, balance.value);
    await publishTicker(ctx, [bet.id], "cashed_out");
  }
  if (notice) await publishNotification(ctx, player.id, notice);
  return answer;
}
