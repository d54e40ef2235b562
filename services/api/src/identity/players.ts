import { type Executor, playerSecurity, players } from "@sportsbook/db";
import { eq, sql } from "drizzle-orm";
import type { PlayerRow } from "../auth/session.js";

/** The player with this (normalised) e-mail address, if any. */
export async function playerByEmail(ex: Executor, email: string): Promise<PlayerRow | undefined> {
  const [row] = await ex
    .select()
    .from(players)
    .where(eq(sql`lower(${players.email})`, email.toLowerCase()));
  return row;
}

/** The player with this id, if any. */
export async function playerById(ex: Executor, id: number): Promise<PlayerRow | undefined> {
  const [row] = await ex.select().from(players).where(eq(players.id, id));
  return row;
}

/** The credential security row of a player, created on first use. */
export async function securityOf(ex: Executor, playerId: number) {
  await ex.insert(playerSecurity).values({ playerId }).onConflictDoNothing();
  const [row] = await ex.select().from(playerSecurity).where(eq(playerSecurity.playerId, playerId));
  if (!row) throw new Error("player security row is missing");
  return row;
}
