import { errorCatalogue } from "@sportsbook/contracts";
import { type Executor, liveBetDelays, marketKindLimits, matches } from "@sportsbook/db";
import { inArray, or, sql } from "drizzle-orm";
import { prepared, type StatementCache } from "../statements.js";
import type { BetRefusal } from "./decide.js";
import type { SelectionKey } from "./placement-inputs.js";

/**
 * The traders' limits as placement and `POST /bets/max-stake` apply them: a market kind's maximum
 * stake and payout (major units, scaled to the bet's currency) bound every bet with a leg on that
 * kind — a combo by its strictest leg — and a live bet waits its sport's or tournament's delay.
 */

/** A market kind's limits in major units; null: none. */
export interface MarketKindCaps {
  maxStakeMajor: number | null;
  maxPayoutMajor: number | null;
}

/** Limits by market kind (the slip's `market_id`); a kind without a row is absent. */
export type MarketKindLimits = ReadonlyMap<number, MarketKindCaps>;

export const NO_KIND_LIMITS: MarketKindLimits = new Map();

/**
 * The limits of the market kinds named by these selections (one read; none when the slip is empty).
 * Every placement reads them, so the read is prepared once per connection.
 */
export async function loadMarketKindLimits(
  ctx: StatementCache,
  keys: readonly SelectionKey[],
): Promise<MarketKindLimits> {
  const ids = [...new Set(keys.map((k) => k.market_id))];
  if (ids.length === 0) return NO_KIND_LIMITS;
  const rows = await prepared(ctx, "market_kind_limits", (db) =>
    db
      .select({
        marketId: marketKindLimits.marketId,
        maxStakeMajor: marketKindLimits.maxStakeMajor,
        maxPayoutMajor: marketKindLimits.maxPayoutMajor,
      })
      .from(marketKindLimits)
      .where(sql`${marketKindLimits.marketId} = any(${sql.placeholder("ids")}::integer[])`)
      .prepare("market_kind_limits"),
  ).execute({ ids });
  return new Map(
    rows.map((r) => [r.marketId, { maxStakeMajor: r.maxStakeMajor, maxPayoutMajor: r.maxPayoutMajor }]),
  );
}

function strictest(
  limits: MarketKindLimits,
  selections: readonly SelectionKey[],
  pick: (caps: MarketKindCaps) => number | null,
  subunits: number,
): number {
  let bound = Number.MAX_SAFE_INTEGER;
  for (const s of selections) {
    const major = limits.get(s.market_id);
    const value = major ? pick(major) : null;
    if (value !== null) bound = Math.min(bound, value * 10 ** subunits);
  }
  return bound;
}

/** The largest stake, in minor units, the bet's market kinds allow (the strictest leg's). */
export function kindStakeCap(
  limits: MarketKindLimits,
  selections: readonly SelectionKey[],
  subunits: number,
): number {
  return strictest(limits, selections, (c) => c.maxStakeMajor, subunits);
}

/** The largest payout, in minor units, the bet's market kinds allow (the strictest leg's). */
export function kindPayoutCap(
  limits: MarketKindLimits,
  selections: readonly SelectionKey[],
  subunits: number,
): number {
  return strictest(limits, selections, (c) => c.maxPayoutMajor, subunits);
}

/** The refusal of a stake above the bet's market kinds' maximum (`106`, like every maximum stake). */
export function kindStakeRefusal(
  limits: MarketKindLimits,
  selections: readonly SelectionKey[],
  subunits: number,
  stake: number,
): BetRefusal | undefined {
  return stake > kindStakeCap(limits, selections, subunits)
    ? { code: errorCatalogue.invalidStake.code, reason: "above_maximum" }
    : undefined;
}

/**
 * How long a live bet on these matches waits: per match its tournament's delay, else its sport's,
 * else the book's default; the longest of the slip's matches.
 */
export async function liveBetDelayFor(
  ex: Executor,
  matchIds: readonly number[],
  fallbackMs: number,
): Promise<number> {
  const ids = [...new Set(matchIds)];
  if (ids.length === 0) return fallbackMs;
  const found = await ex
    .select({ sportId: matches.sportId, tournamentId: matches.tournamentId })
    .from(matches)
    .where(inArray(matches.id, ids));
  if (found.length === 0) return fallbackMs;
  const sportIds = found.map((m) => m.sportId);
  const tournamentIds = found.map((m) => m.tournamentId);
  const delays = await ex
    .select()
    .from(liveBetDelays)
    .where(or(inArray(liveBetDelays.sportId, sportIds), inArray(liveBetDelays.tournamentId, tournamentIds)));
  const bySport = new Map(
    delays.flatMap((d) => (d.sportId === null ? [] : [[d.sportId, d.delayMs] as const])),
  );
  const byTournament = new Map(
    delays.flatMap((d) => (d.tournamentId === null ? [] : [[d.tournamentId, d.delayMs] as const])),
  );
  let longest = 0;
  for (const m of found) {
    const delay = byTournament.get(m.tournamentId) ?? bySport.get(m.sportId) ?? fallbackMs;
    longest = Math.max(longest, delay);
  }
  return longest;
}
