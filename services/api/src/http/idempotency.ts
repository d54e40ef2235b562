import { createHash } from "node:crypto";
import { idempotencyKeys, type Transaction } from "@sportsbook/db";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { ApiError } from "./errors.js";

export interface IdempotencyScope {
  playerId: number;
  scope: string;
  key: string;
  requestHash: string;
}

/** A stable hash of a request body: keys sorted, so property order does not matter. */
export function hashRequest(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, x]) => [k, canonical(x)]),
      );
    }
    return v;
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex");
}

/** The stored answer for a key, or undefined. The same key with another body is refused. */
export async function storedAnswer(ctx: AppContext, s: IdempotencyScope): Promise<unknown | undefined> {
  const [row] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.playerId, s.playerId),
        eq(idempotencyKeys.scope, s.scope),
        eq(idempotencyKeys.key, s.key),
      ),
    );
  if (!row) return undefined;
  if (row.requestHash !== s.requestHash) throw new ApiError("idempotencyKeyReused");
  // Stored as its JSON text (see storeAnswer); parsing keeps the keys' order, so the replay is
  // written byte for byte as the first answer was.
  return typeof row.responseBody === "string" ? JSON.parse(row.responseBody) : row.responseBody;
}

/** Records the answer in the transaction that produced it; a concurrent twin then fails on the key. */
export async function storeAnswer(
  ctx: AppContext,
  tx: Transaction,
  s: IdempotencyScope,
  answer: unknown,
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    createdAt: ctx.now(),
    playerId: s.playerId,
    scope: s.scope,
    key: s.key,
    requestHash: s.requestHash,
    responseStatus: 200,
    // jsonb reorders an object's keys: kept as text, the answer keeps the order it was sent in
    responseBody: JSON.stringify(answer),
  });
}

/** True for a PostgreSQL unique violation, however deeply the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth += 1) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `effect` at most once per key: a retry gets the stored answer, and of two concurrent twins
 * the loser's transaction rolls back (on the key, or on what the winner changed) and answers what
 * the winner stored.
 */
export async function once<T>(
  ctx: AppContext,
  scope: IdempotencyScope | undefined,
  effect: (record: (tx: Transaction, answer: T) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (!scope) return effect(async () => {});
  const stored = await storedAnswer(ctx, scope);
  if (stored !== undefined) return stored as T;
  try {
    return await effect((tx, answer) => storeAnswer(ctx, tx, scope, answer));
  } catch (error) {
    // A concurrent twin may have committed first: then this attempt failed on the key itself or on
    // the state the twin changed (a bet already cashed out), and the twin's answer is the answer.
    const winner = await storedAnswer(ctx, scope);
    if (winner === undefined) throw error;
    return winner as T;
  }
}
