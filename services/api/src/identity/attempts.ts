import { authAttempts } from "@sportsbook/db";
import { and, count, eq, gt } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";

export type AttemptAction =
  | "sign_in"
  | "staff_sign_in"
  | "sign_up"
  | "mail"
  | "phone_code"
  | "share_code"
  | "vote";

const WINDOW_SECONDS: Record<AttemptAction, number> = {
  sign_in: 15 * 60,
  staff_sign_in: 15 * 60,
  sign_up: 3600,
  mail: 3600,
  phone_code: 3600,
  share_code: 3600,
  vote: 3600,
};

/** The longest window any attempt counter looks back over: older attempts count for nothing. */
export const LONGEST_ATTEMPT_WINDOW_SECONDS = Math.max(...Object.values(WINDOW_SECONDS));

export interface Budget {
  /** Key of the counter: an IP or a subject (normalised e-mail, player id). */
  by: "ip" | "subject";
  value: string;
  max: number;
  /** Count only failures (sign-in) or every attempt (mail requests). */
  failuresOnly: boolean;
}

/**
 * Refuses the request when any budget is spent within the action's window. Counters live in the
 * database, so every API node shares them and a restart does not reset them.
 */
export async function assertWithinBudget(
  ctx: AppContext,
  action: AttemptAction,
  budgets: Budget[],
): Promise<void> {
  const since = new Date(ctx.now().getTime() - WINDOW_SECONDS[action] * 1000);
  for (const b of budgets) {
    const column = b.by === "ip" ? authAttempts.ip : authAttempts.subject;
    const filters = [eq(authAttempts.action, action), eq(column, b.value), gt(authAttempts.createdAt, since)];
    if (b.failuresOnly) filters.push(eq(authAttempts.success, false));
    const [row] = await ctx.db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(...filters));
    if ((row?.n ?? 0) >= b.max) {
      throw new ApiError("tooManyAttempts", { data: { retry_after_seconds: WINDOW_SECONDS[action] } });
    }
  }
}

/** Counts one attempt. */
export async function recordAttempt(
  ctx: AppContext,
  action: AttemptAction,
  attempt: { ip: string; subject: string; success: boolean },
): Promise<void> {
  await ctx.db.insert(authAttempts).values({ action, ...attempt, createdAt: ctx.now() });
}
