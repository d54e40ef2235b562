import type { z } from "zod";
import type { DecodeResult } from "../decode-result.js";
import {
  type FeedEvent,
  type MarketOdds,
  type MarketRef,
  oddsFromDecimal,
  parseSpecifiers,
  type SettledOutcome,
} from "../model.js";
import {
  SWARM_STATE_BY_CODE,
  SWARM_STATES,
  type SwarmMarketType,
  swarmByCanonical,
  swarmByType,
} from "./mapping.js";
import {
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
          producer: 1,
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

function gameEvents(ts: number, g: SwarmGame, names: Names, warnings: string[]): FeedEvent[] {
  const eventUrn = urnOf("match", g.id);
  const producer = g.type === 1 ? 1 : 3;
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
        outcomes: Object.values(m.event).flatMap((e) => {
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
        }),
      });
    }
    const info = g.info;
    const status =
      info !== undefined
        ? {
            // an abandoned game is over without a result (UOF 9), otherwise the game type says it all
            status: (info.current_game_state === "abandoned" ? 9 : g.type === 1 ? 1 : g.type === 2 ? 3 : 0) as
              | 0
              | 1
              | 3
              | 9,
            matchStatus: SWARM_STATES[info.current_game_state] ?? 0,
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
    out.push({ ...base, kind: "bet_stop", groups: ["all"], marketStatus: -1 });
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
    const base = { provider: PROVIDER, producer: 1, eventUrn: urnOf("match", gameId), timestamp: frame.ts };
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
function stableId(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) % 2_000_000_000;
}

interface GamePath {
  sport: { id: number; name: string };
  region: { id: number; name: string };
  competition: { id: number; name: string };
}

const UNKNOWN_PATH: GamePath = {
  sport: { id: 0, name: "" },
  region: { id: 0, name: "" },
  competition: { id: 0, name: "" },
};

function numId(urn: string): number {
  return Number(urn.slice(urn.lastIndexOf(":") + 1));
}

/**
 * Writes internal events as Swarm-style JSON frames (used by the simulator). Stateful: a game's
 * sport/region/competition path is learnt from its fixture, since every update nests under it.
 */
export function createSwarmEncoder() {
  const paths = new Map<string, GamePath>();

  function games(ts: number, eventUrn: string, game: Record<string, unknown>): string {
    // a game whose fixture this encoder never wrote still nests somewhere; updates do not use the path
    const p = paths.get(eventUrn) ?? UNKNOWN_PATH;
    const gid = numId(eventUrn);
    return JSON.stringify({
      subid: "games",
      ts,
      data: {
        sport: {
          [p.sport.id]: {
            id: p.sport.id,
            name: p.sport.name,
            region: {
              [p.region.id]: {
                id: p.region.id,
                name: p.region.name,
                competition: {
                  [p.competition.id]: {
                    id: p.competition.id,
                    name: p.competition.name,
                    game: { [gid]: { id: gid, ...game } },
                  },
                },
              },
            },
          },
        },
      },
    });
  }

  function results(
    ts: number,
    eventUrn: string,
    markets: Record<string, unknown>,
    certainty: 1 | 2 = 2,
  ): string | undefined {
    // markets this provider does not offer leave nothing to send
    if (Object.keys(markets).length === 0) return undefined;
    return JSON.stringify({
      subid: "results",
      ts,
      certainty,
      data: { game: { [numId(eventUrn)]: { market: markets } } },
    });
  }

  function refMarkets(eventUrn: string, refs: MarketRef[], action: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const r of refs) {
      const t = swarmByCanonical.get(r.id);
      if (!t) continue;
      const base = t.baseKey ? Number(parseSpecifiers(r.specifiers)[t.baseKey]) : undefined;
      out[stableId(`${eventUrn}/${r.id}/${r.specifiers}`)] = {
        type: t.type,
        ...(base !== undefined ? { base } : {}),
        action,
        ...(r.voidReason !== undefined ? { void_reason: r.voidReason } : {}),
      };
    }
    return out;
  }

  return {
    encode(event: FeedEvent): string | undefined {
      switch (event.kind) {
        case "fixture": {
          const f = event.fixture;
          paths.set(event.eventUrn, {
            sport: { id: numId(f.sport.urn), name: f.sport.name },
            region: { id: numId(f.category.urn), name: f.category.name },
            competition: { id: numId(f.tournament.urn), name: f.tournament.name },
          });
          const [home, away] = [
            f.competitors.find((c) => c.qualifier === "home"),
            f.competitors.find((c) => c.qualifier === "away"),
          ];
          if (!home || !away) return undefined;
          return games(event.timestamp, event.eventUrn, {
            team1_id: numId(home.urn),
            team1_name: home.name,
            team2_id: numId(away.urn),
            team2_name: away.name,
            start_ts: Math.floor(f.startTime / 1000),
            type: 0,
          });
        }
        case "odds_change": {
          const market: Record<string, unknown> = {};
          for (const m of event.markets) {
            const t = swarmByCanonical.get(m.id);
            if (!t) continue;
            const base = t.baseKey ? Number(parseSpecifiers(m.specifiers)[t.baseKey]) : undefined;
            const mid = stableId(`${event.eventUrn}/${m.id}/${m.specifiers}`);
            const ev: Record<string, unknown> = {};
            for (const o of m.outcomes) {
              const type = Object.entries(t.events).find(([, v]) => v === o.id)?.[0];
              if (type === undefined) continue;
              const eid = stableId(`${mid}/${type}`);
              ev[eid] =
                o.active && o.odds !== null ? { id: eid, type, price: o.odds / 1000 } : { id: eid, type };
            }
            market[mid] = {
              id: mid,
              type: t.type,
              ...(base !== undefined ? { base } : {}),
              is_blocked: m.status === 1 ? 0 : 1,
              ...(m.status === 0 || m.status <= -2 ? { is_hidden: 1 } : {}),
              event: ev,
            };
          }
          const st = event.status;
          const info = st
            ? {
                current_game_state:
                  SWARM_STATE_BY_CODE[st.matchStatus] ?? (st.status === 1 ? "set1" : "notstarted"),
                ...(st.clock?.matchTime ? { current_game_time: st.clock.matchTime.split(":")[0] } : {}),
                ...(st.homeScore !== undefined ? { score1: st.homeScore } : {}),
                ...(st.awayScore !== undefined ? { score2: st.awayScore } : {}),
              }
            : undefined;
          const type = st ? (st.status === 1 ? 1 : st.status >= 3 ? 2 : 0) : event.producer === 1 ? 1 : 0;
          return games(event.timestamp, event.eventUrn, {
            type,
            is_blocked: 0,
            ...(info ? { info } : {}),
            market,
          });
        }
        case "bet_stop":
          return games(event.timestamp, event.eventUrn, {
            type: event.producer === 1 ? 1 : 0,
            is_blocked: 1,
          });
        case "fixture_change":
          if (event.changeType === 3) return games(event.timestamp, event.eventUrn, { is_cancelled: 1 });
          if (event.startTime !== undefined)
            return games(event.timestamp, event.eventUrn, { start_ts: Math.floor(event.startTime / 1000) });
          return undefined;
        case "bet_settlement": {
          const markets: Record<string, unknown> = {};
          for (const m of event.markets) {
            const t = swarmByCanonical.get(m.id);
            if (!t) continue;
            const base = t.baseKey ? Number(parseSpecifiers(m.specifiers)[t.baseKey]) : undefined;
            const mid = stableId(`${event.eventUrn}/${m.id}/${m.specifiers}`);
            const ev: Record<string, unknown> = {};
            for (const o of m.outcomes) {
              const type = Object.entries(t.events).find(([, v]) => v === o.id)?.[0];
              if (type === undefined) continue;
              const result =
                o.result === -1
                  ? "undecided"
                  : o.voidFactor === 1
                    ? "returned"
                    : o.voidFactor === 0.5
                      ? o.result === 1
                        ? "half_won"
                        : "half_lost"
                      : o.result === 1
                        ? "won"
                        : "lost";
              ev[stableId(`${mid}/${type}`)] = {
                type,
                result,
                ...(o.deadHeatFactor !== undefined ? { dead_heat_factor: o.deadHeatFactor } : {}),
              };
            }
            markets[mid] = { type: t.type, ...(base !== undefined ? { base } : {}), event: ev };
          }
          return results(event.timestamp, event.eventUrn, markets, event.certainty);
        }
        case "bet_cancel":
          return results(
            event.timestamp,
            event.eventUrn,
            refMarkets(event.eventUrn, event.markets, "cancelled"),
          );
        case "rollback_bet_settlement":
          return results(
            event.timestamp,
            event.eventUrn,
            refMarkets(event.eventUrn, event.markets, "rollback_settled"),
          );
        case "rollback_bet_cancel":
          return results(
            event.timestamp,
            event.eventUrn,
            refMarkets(event.eventUrn, event.markets, "rollback_cancelled"),
          );
        case "alive":
          return JSON.stringify({
            command: "heartbeat",
            ts: event.timestamp,
            params: { alive: event.subscribed },
          });
        case "snapshot_complete":
          return undefined;
      }
    },
  };
}
