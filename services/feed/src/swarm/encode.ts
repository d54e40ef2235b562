import { isMarketOpen, MARKET_STATUS, ODDS_SCALE } from "@sportsbook/domain";
import {
  EVENT_STATUS,
  type FeedEvent,
  FIXTURE_CHANGE,
  type MarketRef,
  PRODUCER,
  parseSpecifiers,
} from "../model.js";
import { SWARM_STATE_BY_CODE, swarmByCanonical } from "./mapping.js";
import { SWARM_GAME_TYPE } from "./schema.js";

/** Swarm's game type for a sport event status: statuses past "ended" count as finished. */
function gameTypeOf(status: number): number {
  if (status === EVENT_STATUS.live) return SWARM_GAME_TYPE.live;
  return status >= EVENT_STATUS.ended ? SWARM_GAME_TYPE.finished : SWARM_GAME_TYPE.prematch;
}

const producerGameType = (producer: number): number =>
  producer === PRODUCER.live ? SWARM_GAME_TYPE.live : SWARM_GAME_TYPE.prematch;

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
            type: SWARM_GAME_TYPE.prematch,
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
                o.active && o.odds !== null
                  ? { id: eid, type, price: o.odds / ODDS_SCALE }
                  : { id: eid, type };
            }
            market[mid] = {
              id: mid,
              type: t.type,
              ...(base !== undefined ? { base } : {}),
              is_blocked: isMarketOpen(m.status) ? 0 : 1,
              ...(!isMarketOpen(m.status) && m.status !== MARKET_STATUS.suspended ? { is_hidden: 1 } : {}),
              event: ev,
            };
          }
          const st = event.status;
          const info = st
            ? {
                current_game_state:
                  SWARM_STATE_BY_CODE[st.matchStatus] ??
                  (st.status === EVENT_STATUS.live ? "set1" : "notstarted"),
                ...(st.clock?.matchTime ? { current_game_time: st.clock.matchTime.split(":")[0] } : {}),
                ...(st.homeScore !== undefined ? { score1: st.homeScore } : {}),
                ...(st.awayScore !== undefined ? { score2: st.awayScore } : {}),
              }
            : undefined;
          const type = st ? gameTypeOf(st.status) : producerGameType(event.producer);
          return games(event.timestamp, event.eventUrn, {
            type,
            is_blocked: 0,
            ...(info ? { info } : {}),
            market,
          });
        }
        case "bet_stop":
          return games(event.timestamp, event.eventUrn, {
            type: producerGameType(event.producer),
            is_blocked: 1,
          });
        case "fixture_change":
          if (event.changeType === FIXTURE_CHANGE.cancelled)
            return games(event.timestamp, event.eventUrn, { is_cancelled: 1 });
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
