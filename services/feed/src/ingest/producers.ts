import { type Executor, feedProducers, markets, matches, rowsOf, tradingSuspensions } from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Provider } from "../model.js";
import { openForTheFeed } from "./odds.js";

const NAMES: Record<Provider, Record<number, string>> = {
  betradar: { 1: "Live Odds", 3: "Betradar Ctrl" },
  oddin: { 1: "Prematch", 2: "Live" },
  betconstruct: { 1: "Live", 3: "Prematch" },
};

function producerName(provider: Provider, producer: number): string {
  return NAMES[provider][producer] ?? `Producer ${producer}`;
}

export async function recordProducer(
  ex: Executor,
  provider: Provider,
  producer: number,
  status: "up" | "down",
  at: Date,
): Promise<void> {
  await ex
    .insert(feedProducers)
    .values({
      provider,
      producerId: producer,
      name: producerName(provider, producer),
      status,
      lastAliveAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [feedProducers.provider, feedProducers.producerId],
      set: { status, lastAliveAt: at, updatedAt: at },
    });
}

/**
 * While a producer is down nobody can trust its prices: every open market of the events it is
 * producing is suspended until its recovery snapshot reopens them. `null` takes the events no
 * producer has claimed yet (outrights, whose odds changes carry no event status): a lost
 * connection leaves none of the provider's prices trustworthy.
 */
export async function suspendProducerMarkets(
  ex: Executor,
  provider: Provider,
  producer: number | null,
): Promise<
  { matchId: number; rows: { id: number; marketId: number; specifier: string; status: number }[] }[]
> {
  const held = ex
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.provider, provider),
        producer === null ? isNull(matches.producer) : eq(matches.producer, producer),
        inArray(matches.status, [0, 1]),
      ),
    );
  const rows = await ex
    .update(markets)
    .set({
      status: MARKET_STATUS.suspended,
      feedStatus: MARKET_STATUS.suspended,
      updatedAt: sql`${markets.updatedAt}`,
    })
    .where(and(openForTheFeed, inArray(markets.matchId, held)))
    .returning({
      matchId: markets.matchId,
      id: markets.id,
      marketId: markets.marketId,
      specifier: markets.specifier,
      status: markets.status,
    });
  const byMatch = new Map<number, typeof rows>();
  for (const r of rows) byMatch.set(r.matchId, [...(byMatch.get(r.matchId) ?? []), r]);
  return [...byMatch.entries()].map(([matchId, list]) => ({ matchId, rows: list }));
}

/** A market an odds change sent open while its producer recovered (held suspended meanwhile). */
export interface HeldMarket {
  /** match id */
  m: number;
  /** market id */
  k: number;
  /** specifier */
  s: string;
}

/**
 * Once a producer's recovery snapshot is complete, the markets its messages sent open during the
 * recovery open again, as the feed last sent them: one sent suspended since, or held by a trader's
 * suspension, stays so; a market the snapshot did not send stays suspended.
 */
export async function reopenRecoveredMarkets(
  ex: Executor,
  held: readonly HeldMarket[],
): Promise<
  { matchId: number; rows: { id: number; marketId: number; specifier: string; status: number }[] }[]
> {
  if (held.length === 0) return [];
  const rows = rowsOf<{
    match_id: number | string;
    id: number | string;
    market_id: number;
    specifier: string;
    status: number;
  }>(
    await ex.execute(sql`
      update ${markets} mk set status = ${MARKET_STATUS.allowed}
      from json_to_recordset(${JSON.stringify(held)}::json) as r(m bigint, k int, s text)
      where mk.match_id = r.m and mk.market_id = r.k and mk.specifier = r.s
        and mk.status = ${MARKET_STATUS.suspended} and mk.feed_status = ${MARKET_STATUS.allowed}
        and not exists (
          select 1 from ${tradingSuspensions} h
          where h.lifted_at is null and h.match_id = mk.match_id
            and (h.scope = 'match' or (h.scope = 'market' and h.market_row_id = mk.id)))
      returning mk.match_id, mk.id, mk.market_id, mk.specifier, mk.status`),
  );
  const byMatch = new Map<number, { id: number; marketId: number; specifier: string; status: number }[]>();
  for (const r of rows) {
    const matchId = Number(r.match_id);
    const row = { id: Number(r.id), marketId: r.market_id, specifier: r.specifier, status: r.status };
    byMatch.set(matchId, [...(byMatch.get(matchId) ?? []), row]);
  }
  return [...byMatch.entries()].map(([matchId, list]) => ({ matchId, rows: list }));
}
