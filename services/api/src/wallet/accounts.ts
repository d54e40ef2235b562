import { balanceChangedSchema, userChannel } from "@sportsbook/contracts/realtime";
import { type Executor, type HouseAccountKind, houseAccountId } from "@sportsbook/db";
import type { AppContext } from "../context.js";

/** The house account of a kind and currency, cached after the first lookup. */
export async function houseAccount(
  ctx: AppContext,
  ex: Executor,
  kind: HouseAccountKind,
  currency: string,
): Promise<number> {
  const key = `${kind}:${currency}`;
  const cached = ctx.houseAccounts.get(key);
  if (cached !== undefined) return cached;
  const id = await houseAccountId(ex, kind, currency);
  ctx.houseAccounts.set(key, id);
  return id;
}

/** Tells the player's devices about a new balance; a publishing failure never undoes the posting. */
export async function publishBalance(
  ctx: AppContext,
  playerId: number,
  currency: string,
  balance: number,
): Promise<void> {
  const event = balanceChangedSchema.parse({ type: "balance_changed", currency, balance });
  await ctx.publisher.publish(userChannel(playerId), event).catch(() => {});
}
