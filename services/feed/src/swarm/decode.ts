import { MARKET_STATUS } from "@sportsbook/domain";
import type { z } from "zod";
import type { DecodeResult } from "../decode-result.js";
import {
  EVENT_STATUS,
  type FeedEvent,
  MATCH_STATUS_CODE,
  type MarketOdds,
  type MarketRef,
  oddsFromDecimal,
  PRODUCER,
  type SettledOutcome,
} from "../model.js";
import { SWARM_STATES, type SwarmMarketType, swarmByType } from "./mapping.js";
import {
  SWARM_GAME_TYPE,
  type SwarmGame,
  swarmHeartbeatSchema,
  swarmOddsFrameSchema,
  type swarmResultSchema,
  swarmResultsFrameSchema,
} from "./schema.js";
import { createSwarmSession } from "./session.js";

const PROVIDER = "betconstruct" as const;

function urnOf(kind: string, id: number | string): string {
  return `bc:${kind}:${id}`;
}

function specOf(t: SwarmMarketType, base: number | undefined): string {
  return t.baseKey && base !== undefined ? `${t.baseKey}=${base}` : "";
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

/** Turns one stateless Swarm-style JSON frame (games, results or heartbeat) into internal events. */
export function decodeSwarm(json: string): DecodeResult {
  const raw = parseJson(json);
  return "ok" in raw ? raw : decodeSwarmFrame(raw.frame);
}

/**
 * A decoder for one Swarm connection: it reads Swarm's own answers and subscription deltas (which
 * need the state earlier frames left) besides the stateless frames `decodeSwarm` reads.
 */
export function createSwarmDecoder(now: () => number = Date.now) {
  const session = createSwarmSession(decodeSwarmFrame, now);
  return (json: string): DecodeResult => {
    const raw = parseJson(json);
    if ("ok" in raw) return raw;
    return "code" in raw.frame && "rid" in raw.frame
      ? session.decode(raw.frame)
      : decodeSwarmFrame(raw.frame);
  };
}

function parseJson(json: string): { frame: Record<string, unknown> } | (DecodeResult & { ok: false }) {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    return { ok: false, code: "feed.malformed", reason: `malformed JSON: ${(e as Error).message}` };
  }
  if (typeof raw !== "object" || raw === null)
    return { ok: false, code: "feed.malformed", reason: "frame is not an object" };
  return { frame: raw as Record<string, unknown> };
}

function decodeSwarmFrame(frame: Record<string, unknown>): DecodeResult {
  if (frame.command === "heartbeat") {
    const r = swarmHeartbeatSchema.safeParse(frame);
    if (!r.success) return { ok: false, code: "feed.invalid", reason: `heartbeat: ${issues(r.error)}` };
    return {
      ok: true,
      warnings: [],
      events: [
        {
          kind: "alive",
          provider: PROVIDER,
          producer: PRODUCER.live,
          timestamp: r.data.ts,
          subscribed: r.data.params.alive,
        },
      ],
    };
  }
  if (frame.subid === "games") {
    const r = swarmOddsFrameSchema.safeParse(frame);
    if (!r.success) return { ok: false, code: "feed.invalid", reason: `games: ${issues(r.error)}` };
    const events: FeedEvent[] = [];
    const warnings: string[] = [];
    for (const sport of Object.values(r.data.data.sport)) {
      if (!sport) continue;
      for (const region of Object.values(sport.region)) {
        if (!region) continue;
        for (const comp of Object.values(region.competition)) {
          if (!comp) continue;
          for (const game of Object.values(comp.game)) {
            if (!game) continue;
            const names = {
              sport: {
                urn: urnOf("sport", sport.id),
                name: sport.name ?? sport.alias ?? `Sport ${sport.id}`,
              },
              category: {
                urn: urnOf("category", region.id),
                name: region.name ?? region.alias ?? `Region ${region.id}`,
              },
              tournament: { urn: urnOf("tournament", comp.id), name: comp.name ?? `Competition ${comp.id}` },
            };
            events.push(...gameEvents(r.data.ts, game, names, warnings));
          }
        }
      }
    }
    return { ok: true, events, warnings };
  }
  if (frame.subid === "results") {
    const r = swarmResultsFrameSchema.safeParse(frame);
    if (!r.success) return { ok: false, code: "feed.invalid", reason: `results: ${issues(r.error)}` };
    return { ok: true, warnings: [], events: resultEvents(r.data) };
  }
  return {
    ok: false,
    code: "feed.unknown_message",
    reason: "unknown Swarm frame (expected a Swarm answer, games, results or heartbeat)",
  };
}

type Names = {
  sport: { urn: string; name: string };
  category: { urn: string; name: string };
  tournament: { urn: string; name: string };
};

/** Where an outcome stands among its market type's events. */
function outcomeRank(t: SwarmMarketType, outcomeId: string): number {
  return Object.values(t.events).indexOf(outcomeId);
}

function gameEvents(ts: number, g: SwarmGame, names: Names, warnings: string[]): FeedEvent[] {
  const eventUrn = urnOf("match", g.id);
  const producer = g.type === SWARM_GAME_TYPE.live ? PRODUCER.live : PRODUCER.prematch;
  const base = { provider: PROVIDER, producer, eventUrn, timestamp: ts };
  const out: FeedEvent[] = [];
  if (g.team1_name !== undefined && g.team2_name !== undefined && g.start_ts !== undefined) {
    out.push({
      ...base,
      kind: "fixture",
      fixture: {
        type: "match",
        startTime: g.start_ts * 1000,
        ...names,
        competitors: [
          { urn: urnOf("competitor", g.team1_id ?? 0), name: g.team1_name, qualifier: "home" },
          { urn: urnOf("competitor", g.team2_id ?? 0), name: g.team2_name, qualifier: "away" },
        ],
        liveOdds: true,
      },
    });
  } else if (g.start_ts !== undefined) {
    out.push({ ...base, kind: "fixture_change", changeType: 2, startTime: g.start_ts * 1000 });
  }
  if (g.is_cancelled === 1) out.push({ ...base, kind: "fixture_change", changeType: 3 });
  if (g.info !== undefined || g.market !== undefined) {
    const markets: MarketOdds[] = [];
    for (const [key, m] of Object.entries(g.market ?? {})) {
      if (m === null) {
        warnings.push(`market ${key} removed without its type; ignored`);
        continue;
      }
      const t = swarmByType.get(m.type);
      if (!t) {
        warnings.push(`unknown market type ${m.type}`);
        continue;
      }
      const blocked = m.is_blocked === 1 || g.is_blocked === 1;
      markets.push({
        id: t.canonical,
        specifiers: specOf(t, m.base),
        status: m.is_hidden === 1 ? 0 : blocked ? -1 : 1,
        // A market's events are keyed by id, which says nothing of their order; they are listed as
        // the market type names them (P1, X, P2), as Swarm's own `order` would.
        outcomes: Object.values(m.event)
          .flatMap((e) => {
            if (!e) return [];
            const oid = t.events[e.type];
            if (oid === undefined) return [];
            return [
              {
                id: oid,
                odds: e.price !== undefined ? oddsFromDecimal(e.price) : null,
                active: e.price !== undefined,
              },
            ];
          })
          .sort((a, b) => outcomeRank(t, a.id) - outcomeRank(t, b.id)),
      });
    }
    const info = g.info;
    const status =
      info !== undefined
        ? {
            // an abandoned game is over without a result, otherwise the game type says it all
            status:
              info.current_game_state === "abandoned"
                ? EVENT_STATUS.abandoned
                : g.type === SWARM_GAME_TYPE.live
                  ? EVENT_STATUS.live
                  : g.type === SWARM_GAME_TYPE.finished
                    ? EVENT_STATUS.ended
                    : EVENT_STATUS.notStarted,
            matchStatus: SWARM_STATES[info.current_game_state] ?? MATCH_STATUS_CODE.notStarted,
            ...(info.score1 !== undefined ? { homeScore: info.score1 } : {}),
            ...(info.score2 !== undefined ? { awayScore: info.score2 } : {}),
            periodScores: [],
            ...(info.current_game_time !== undefined
              ? { clock: { matchTime: `${info.current_game_time}:00` } }
              : {}),
          }
        : undefined;
    out.push({ ...base, kind: "odds_change", ...(status ? { status } : {}), markets });
  }
  if (g.is_blocked === 1 && g.market === undefined) {
    out.push({ ...base, kind: "bet_stop", groups: ["all"], marketStatus: MARKET_STATUS.suspended });
  }
  return out;
}

function outcomeResult(result: z.infer<typeof swarmResultSchema>): Omit<SettledOutcome, "id"> {
  switch (result) {
    case "won":
      return { result: 1 };
    case "lost":
      return { result: 0 };
    case "returned":
      return { result: 0, voidFactor: 1 };
    case "half_won":
      return { result: 1, voidFactor: 0.5 };
    case "half_lost":
      return { result: 0, voidFactor: 0.5 };
    case "undecided":
      return { result: -1 };
  }
}

function resultEvents(frame: z.infer<typeof swarmResultsFrameSchema>): FeedEvent[] {
  const out: FeedEvent[] = [];
  for (const [gameId, game] of Object.entries(frame.data.game)) {
    if (!game) continue;
    const base = {
      provider: PROVIDER,
      producer: PRODUCER.live,
      eventUrn: urnOf("match", gameId),
      timestamp: frame.ts,
    };
    const settled: Extract<FeedEvent, { kind: "bet_settlement" }>["markets"] = [];
    const byAction: Record<string, MarketRef[]> = {
      cancelled: [],
      rollback_settled: [],
      rollback_cancelled: [],
    };
    for (const m of Object.values(game.market)) {
      if (!m) continue;
      const t = swarmByType.get(m.type);
      if (!t) continue;
      const ref = {
        id: t.canonical,
        specifiers: specOf(t, m.base),
        ...(m.void_reason !== undefined ? { voidReason: m.void_reason } : {}),
      };
      if (m.action !== "settled") {
        byAction[m.action]?.push(ref);
        continue;
      }
      settled.push({
        ...ref,
        outcomes: Object.values(m.event).flatMap((e) => {
          const oid = e ? t.events[e.type] : undefined;
          if (!e || oid === undefined) return [];
          return [
            {
              id: oid,
              ...outcomeResult(e.result),
              ...(e.dead_heat_factor !== undefined ? { deadHeatFactor: e.dead_heat_factor } : {}),
            },
          ];
        }),
      });
    }
    if (settled.length)
      out.push({ ...base, kind: "bet_settlement", certainty: frame.certainty, markets: settled });
    if (byAction.cancelled?.length) out.push({ ...base, kind: "bet_cancel", markets: byAction.cancelled });
    if (byAction.rollback_settled?.length)
      out.push({ ...base, kind: "rollback_bet_settlement", markets: byAction.rollback_settled });
    if (byAction.rollback_cancelled?.length)
      out.push({ ...base, kind: "rollback_bet_cancel", markets: byAction.rollback_cancelled });
  }
  return out;
}

/** Stable numeric ids for Swarm markets and events, derived from their canonical identity. */
