import { type Executor, feedProducers, markets, matches } from "@sportsbook/db";
import { MARKET_STATUS } from "@sportsbook/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Provider } from "../model.js";
import { openForTheFeed } from "./odds.js";

const NAMES: Record<Provider, Record<number, string>> = {
  betradar: { 1: "Live Odds", 3: "Betradar Ctrl" },
  oddin: { 1: "Prematch", 2: "Live" },
  betconstruct: { 1: "Live", 3: "Prematch" },
};

export function producerName(provider: Provider, producer: number): string {
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
