import { type HouseAccountKind, houseAccountId, houseShardOf } from "@sportsbook/db";
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
