import { ensurePlayerAccount, players } from "@sportsbook/db";
import { eq } from "drizzle-orm";
import { createSession } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { demoDeposit } from "../wallet/deposit.js";

export interface NewPlayer {
  email?: string;
  nickname?: string;
  currency?: string;
  language?: string;
  /** Opening balance in minor units, credited through the demo payment provider. */
  balance?: number;
  isDemo?: boolean;
}

/** Creates a player with an account in their currency (and an opening deposit when asked). */
export async function createPlayer(ctx: AppContext, input: NewPlayer = {}): Promise<{ playerId: number }> {
  const currency = input.currency ?? "EUR";
  const [row] = await ctx.db
    .insert(players)
    .values({
      email: input.email,
      nickname: input.nickname,
      currency,
      language: input.language ?? "en",
      isDemo: input.isDemo ?? false,
      emailConfirmedAt: input.email ? ctx.now() : null,
    })
    .returning({ id: players.id });
  if (!row) throw new Error("player was not created");
  await ensurePlayerAccount(ctx.db, row.id, currency);
  if (input.balance && input.balance > 0) await demoDeposit(ctx, row.id, currency, input.balance);
  return { playerId: row.id };
}

/**
 * Creates a player and signs them in: the way tests and the embedded demo get a session until the
 * sign-up and sign-in flows exist. Returns the cookie token and the CSRF token to send back.
 */
export async function createPlayerWithSession(
  ctx: AppContext,
  input: NewPlayer = {},
): Promise<{ playerId: number; sessionToken: string; csrfToken: string }> {
  const { playerId } = await createPlayer(ctx, input);
  const session = await createSession(ctx, playerId);
  return { playerId, sessionToken: session.token, csrfToken: session.csrfToken };
}

/** The embedded demo player (`ctx.settings.demoEmail`), created with a funded balance on first use. */
export async function demoPlayer(ctx: AppContext): Promise<number> {
  const email = ctx.settings.demoEmail;
  const [found] = await ctx.db.select({ id: players.id }).from(players).where(eq(players.email, email));
  if (found) return found.id;
  const { playerId } = await createPlayer(ctx, {
    email,
    nickname: "Demo player",
    balance: 1_000_00,
    isDemo: true,
  });
  return playerId;
}
