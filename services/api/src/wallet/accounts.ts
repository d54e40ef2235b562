import { accounts, currencies, type HouseAccountKind, houseAccountId, houseShardOf } from "@sportsbook/db";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";

/**
 * The house account shard a player's postings of a kind and currency use. Looked up (and created)
 * outside any transaction, so a rolled-back transaction can never leave a cached id behind.
 */
export async function houseAccount(
  ctx: AppContext,
  kind: HouseAccountKind,
  currency: string,
  playerId: number,
): Promise<number> {
  const shard = houseShardOf(playerId);
  const key = `${kind}:${currency}:${shard}`;
  const cached = ctx.houseAccounts.get(key);
  if (cached !== undefined) return cached;
  const id = await houseAccountId(ctx.db, kind, currency, shard);
  ctx.houseAccounts.set(key, id);
  return id;
}

/** A player's balances per currency, the current one marked: `GET /player/accounts` and the operator's view. */
export async function playerAccounts(ctx: AppContext, player: { id: number; currency: string }) {
  const rows = await ctx.db
    .select({
      currency: accounts.currency,
      balance: accounts.balance,
      subunits: currencies.subunits,
      fiat: currencies.fiat,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.code, accounts.currency))
    .where(eq(accounts.playerId, player.id))
    .orderBy(asc(accounts.currency));
  return rows.map((a) => ({ ...a, is_current: a.currency === player.currency }));
}
