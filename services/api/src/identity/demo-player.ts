import { passwordSchema } from "@sportsbook/contracts";
import { ensurePlayerAccount, payments, playerSecurity, players } from "@sportsbook/db";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { hashRequest, once } from "../http/idempotency.js";
import { demoDeposit } from "../wallet/deposit.js";
import { checkPassword, hashPassword } from "./passwords.js";
import { playerByEmail } from "./players.js";

export interface DemoPlayerOptions {
  /** Sign-in address (default the demo sign-in's own player, `ctx.settings.demoEmail`). */
  email?: string;
  /** Sign-in password: 8 to 128 characters with a letter and a digit, like any player's. */
  password: string;
  /** Currency of a new demo player's account (default the identity default currency). */
  currency?: string;
  /** Opening balance in minor units, credited once through the demo payment provider (default 1 000.00). */
  openingBalance?: number;
}

export interface DemoPlayer {
  playerId: number;
  email: string;
  currency: string;
  /** True when this call created the player. */
  created: boolean;
  /** True when this call credited the opening balance. */
  funded: boolean;
}

/** Key of the opening deposit: a second start-up, or a second node, finds it already made. */
const OPENING_DEPOSIT = { scope: "deposit", key: "demo-opening-balance", requestHash: hashRequest("demo") };

/**
 * Makes sure the demo player of the embedded default can sign in with the given credentials: the
 * account exists with a confirmed address, the password is this one (so printed credentials always
 * work, even after the demo player changed it), any lockout is lifted, and the opening balance was
 * credited once through the demo payment provider and the ledger. Safe to call on every start-up.
 */
export async function ensureDemoPlayer(ctx: AppContext, options: DemoPlayerOptions): Promise<DemoPlayer> {
  passwordSchema.parse(options.password);
  const email = (options.email ?? ctx.settings.demoEmail).toLowerCase();
  const currency = options.currency ?? ctx.identity.defaultCurrency;
  const openingBalance = options.openingBalance ?? 1_000_00;
  const now = ctx.now();

  let created = false;
  let player = await playerByEmail(ctx.db, email);
  if (!player) {
    const passwordHash = await hashPassword(options.password);
    // A concurrent start-up may insert first; the unique address makes that a no-op here.
    const inserted = await ctx.db
      .insert(players)
      .values({
        email,
        passwordHash,
        emailConfirmedAt: now,
        nickname: "Demo player",
        currency,
        isDemo: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: players.id });
    created = inserted.length > 0;
    player = await playerByEmail(ctx.db, email);
    if (!player) throw new Error("the demo player was not created");
  }
  const playerId = player.id;
  const accountCurrency = player.currency;
  const passwordOk = await checkPassword(player.passwordHash, options.password);
  const passwordHash = passwordOk ? player.passwordHash : await hashPassword(options.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(players)
      .set({
        passwordHash,
        emailConfirmedAt: player.emailConfirmedAt ?? now,
        status: "active",
        isDemo: true,
        updatedAt: now,
      })
      .where(eq(players.id, playerId));
    await tx
      .insert(playerSecurity)
      .values({ playerId, passwordChangedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: playerSecurity.playerId,
        set: {
          failedAttempts: 0,
          lockedAt: null,
          updatedAt: now,
          ...(passwordOk ? {} : { passwordChangedAt: now }),
        },
      });
    await ensurePlayerAccount(tx, playerId, accountCurrency);
  });

  // A demo player made before the opening deposit had its own key (by the demo sign-in) is funded.
  const [earlier] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.playerId, playerId), eq(payments.provider, "demo")))
    .limit(1);
  let funded = false;
  if (!earlier && openingBalance > 0) {
    await once(ctx, { playerId, ...OPENING_DEPOSIT }, async (record) => {
      const result = await demoDeposit(ctx, playerId, accountCurrency, openingBalance, (tx, r) =>
        record(tx, { paymentId: r.paymentId }),
      );
      funded = true;
      return { paymentId: result.paymentId };
    });
  }
  return { playerId, email, currency: accountCurrency, created, funded };
}
