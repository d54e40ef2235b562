import type { Executor } from "@sportsbook/db";
import { sql } from "drizzle-orm";

const SYNCHRONOUS_COMMIT_OFF = sql`select set_config('synchronous_commit', 'off', true)`;

/**
 * A statement step that lets its transaction commit without waiting for the WAL flush
 * (`synchronous_commit = off` for that transaction only); a step that must run names `durability`
 * in its FROM list so the setting is taken before the commit.
 *
 * For prices, bet stops and fixtures only. Nothing durable can depend on one that is lost: a bet, a payment or
 * a settlement commits synchronously, and its flush writes every earlier commit of the WAL with it,
 * so the match and price a bet was placed on are durable once the bet is. What a database crash can
 * lose is the last fraction of a second of feed writes nothing has used yet: the simulator's
 * checkpoint goes back with them, so it sends them again; from a provider, the next change of those
 * markets, or its recovery snapshot, brings them back. Waiting for the flush is what bounded the
 * ingest: concurrent writes queued on the WAL's sync, not on the work.
 */
export const ASYNC_COMMIT = sql`durability as (${SYNCHRONOUS_COMMIT_OFF})`;

/** The same as a statement of its own, for a transaction none of whose statements can name it. */
export async function commitWithoutFlush(tx: Executor): Promise<void> {
  await tx.execute(SYNCHRONOUS_COMMIT_OFF);
}
