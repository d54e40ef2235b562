import {
  idParamsSchema,
  suspendSchema,
  suspensionAnswerSchema,
  tradingMatchDetailSchema,
  tradingMatchesQuerySchema,
  tradingMatchesSchema,
} from "@sportsbook/contracts";
import { markets, outcomes, rowsOf } from "@sportsbook/db";
import { isMarketListed, MARKET_STATUS, MATCH_STATUS } from "@sportsbook/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, type typed } from "../http/route-kit.js";
import { auditActorOf } from "./audit.js";
import { actorOf } from "./guard.js";
import { containsPattern } from "./like.js";
import { activeSuspensions, lift, suspend } from "./trading.js";

const tags = ["backoffice"];
const security = [{ staffSession: [] }];

type TradingMatch = z.infer<typeof tradingMatchesSchema>["data"][number];

interface MatchRow {
  id: number | string;
  name: string;
  sport: string;
  tournament: string;
  start_time: Date | string;
  status: number;
  markets: number | string;
  held: boolean;
}

function matchOf(r: MatchRow): TradingMatch {
  return {
    id: Number(r.id),
    name: r.name,
    sport: r.sport,
    tournament: r.tournament,
    start_time: new Date(r.start_time).toISOString(),
    status: Number(r.status),
    markets: Number(r.markets),
    held: r.held,
  };
}

/** Open matches (prematch, live) for the trading desk, soonest first, with whether any hold is on them. */
async function tradingMatches(
  ctx: AppContext,
  q: { q?: string | undefined; status: "prematch" | "live" | "all"; limit: number; id?: number },
): Promise<TradingMatch[]> {
  const statuses =
    q.status === "prematch"
      ? [MATCH_STATUS.prematch]
      : q.status === "live"
        ? [MATCH_STATUS.live]
        : [MATCH_STATUS.prematch, MATCH_STATUS.live];
  const like = q.q ? containsPattern(q.q) : null;
  const rows = rowsOf<MatchRow>(
    await ctx.db.execute(sql`
      select m.id, coalesce(nullif(m.name, ''), coalesce(h.name, '?') || ' vs ' || coalesce(a.name, '?')) as name,
        s.name as sport, t.name as tournament, m.start_time, m.status,
        (select count(*) from markets k where k.match_id = m.id and k.status <> ${MARKET_STATUS.inactive}) as markets,
        exists (select 1 from trading_suspensions x where x.match_id = m.id and x.lifted_at is null) as held
      from matches m
      join sports s on s.id = m.sport_id
      join tournaments t on t.id = m.tournament_id
      left join competitors h on h.id = m.home_competitor_id
      left join competitors a on a.id = m.away_competitor_id
      where ${q.id !== undefined ? sql`m.id = ${q.id}` : sql`m.status = any(${`{${statuses.join(",")}}`}::smallint[])`}
        ${like ? sql`and (h.name ilike ${like} or a.name ilike ${like} or m.name ilike ${like} or t.name ilike ${like})` : sql``}
      order by m.start_time, m.id
      limit ${q.limit}`),
  );
  return rows.map(matchOf);
}

/** The trading desk: open matches, a match's markets, and suspensions set and lifted by hand. */
export function registerTradingRoutes(r: ReturnType<typeof typed>, ctx: AppContext): void {
  r.get(
    "/trading/matches",
    {
      config: { operation: "listTradingMatches" },
      schema: {
        tags,
        security,
        summary: "Open matches for the trading desk",
        querystring: tradingMatchesQuerySchema,
        response: { 200: tradingMatchesSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await tradingMatches(ctx, request.query) }),
  );

  r.get(
    "/trading/matches/:id",
    {
      config: { operation: "tradingMatch" },
      schema: {
        tags,
        security,
        summary: "A match's markets and outcomes with their stored and feed statuses, and its suspensions",
        params: idParamsSchema,
        response: { 200: tradingMatchDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const [match] = await tradingMatches(ctx, { id, status: "all", limit: 1 });
      if (!match) throw new ApiError("notFound");
      const marketRows = await ctx.db
        .select()
        .from(markets)
        .where(eq(markets.matchId, id))
        .orderBy(asc(markets.priority), asc(markets.id));
      const listed = marketRows.filter((m) => isMarketListed(m.status));
      const outcomeRows =
        listed.length === 0
          ? []
          : await ctx.db
              .select()
              .from(outcomes)
              .where(
                inArray(
                  outcomes.marketRowId,
                  listed.map((m) => m.id),
                ),
              )
              .orderBy(asc(outcomes.id));
      return {
        data: {
          match,
          markets: listed.map((m) => ({
            id: m.id,
            market_id: m.marketId,
            specifier: m.specifier,
            name: m.name,
            status: m.status,
            feed_status: m.feedStatus,
            outcomes: outcomeRows
              .filter((o) => o.marketRowId === m.id)
              .map((o) => ({ id: o.outcomeId, name: o.name, odds: o.odds, active: o.active })),
          })),
          suspensions: await activeSuspensions(ctx.db, id),
        },
      };
    },
  );

  r.post(
    "/trading/suspensions",
    {
      config: { operation: "suspend" },
      schema: {
        tags,
        security,
        summary: "Suspend a match, a market or one outcome by hand, until lifted",
        body: suspendSchema,
        response: { 200: suspensionAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { data: await suspend(ctx, { ...auditActorOf(actor), staffId: actor.staff.id }, request.body) };
    },
  );

  r.post(
    "/trading/suspensions/:id/lift",
    {
      config: { operation: "lift" },
      schema: {
        tags,
        security,
        summary: "Lift a suspension set by hand; the feed's status applies again",
        params: idParamsSchema,
        response: { 200: suspensionAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        data: await lift(ctx, { ...auditActorOf(actor), staffId: actor.staff.id }, request.params.id),
      };
    },
  );
}
