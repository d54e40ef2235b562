import { z } from "zod";
import type { DecodeResult } from "../decode-result.js";
import { swarmByType } from "./mapping.js";

/**
 * Swarm's own wire shape. An answer is `{code, rid, data: {subid, data: <tree>}}`; every later change
 * to that subscription comes as `{code: 0, rid: "0", data: {<subid>: <delta>}}`, where a delta holds
 * only what changed (a price without its event's type), and null removes an entry. So a delta can
 * only be read against what came before: this session keeps each subscription's tree and hands the
 * games a frame touched, whole, to the games decoder.
 */

const swarmEnvelopeSchema = z.object({
  code: z.number().int(),
  rid: z.union([z.string(), z.number()]),
  msg: z.string().nullish(),
  data: z.unknown(),
});

type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** Merges a delta into a tree in place: objects merge key by key, null removes, anything else replaces. */
export function mergeDelta(target: Tree, delta: Tree): void {
  for (const [key, value] of Object.entries(delta)) {
    if (value === null) delete target[key];
    else if (isTree(value)) {
      if (!isTree(target[key])) target[key] = {};
      mergeDelta(target[key] as Tree, value);
    } else target[key] = value;
  }
}

const child = (t: unknown, key: string): Tree | undefined => {
  const v = isTree(t) ? t[key] : undefined;
  return isTree(v) ? v : undefined;
};

/** A game a frame touched, with the entries it sits under. */
interface TouchedGame {
  sportId: string;
  regionId: string | undefined;
  competitionId: string;
  gameId: string;
  /** What the frame said about the game; its market keys say which markets to report. */
  delta: Tree;
}

/** Walks sport → (region →) competition → game, the nesting Swarm answers with whatever `what` asked. */
function touchedGames(delta: Tree): TouchedGame[] {
  const out: TouchedGame[] = [];
  for (const [sportId, sport] of Object.entries(child(delta, "sport") ?? {})) {
    const regions: [string | undefined, unknown][] = child(sport, "region")
      ? Object.entries(child(sport, "region") ?? {})
      : [[undefined, sport]];
    for (const [regionId, region] of regions) {
      for (const [competitionId, competition] of Object.entries(child(region, "competition") ?? {})) {
        for (const [gameId, game] of Object.entries(child(competition, "game") ?? {})) {
          if (isTree(game)) out.push({ sportId, regionId, competitionId, gameId, delta: game });
        }
      }
    }
  }
  return out;
}

/** The entries a touched game sits under in a tree (any may be missing). */
function pathOf(tree: Tree, t: TouchedGame) {
  const sport = child(child(tree, "sport"), t.sportId);
  const region = t.regionId === undefined ? undefined : child(child(sport, "region"), t.regionId);
  const competition = child(child(t.regionId === undefined ? sport : region, "competition"), t.competitionId);
  return { sport, region, competition, game: child(child(competition, "game"), t.gameId) };
}

/** The entry under `key`, created by `init` when missing. */
function entry(parent: Tree, key: string, init: () => Tree): Tree {
  const found = parent[key];
  if (isTree(found)) return found;
  const created = init();
  parent[key] = created;
  return created;
}

function names(o: Tree | undefined) {
  return {
    ...(typeof o?.name === "string" ? { name: o.name.trim() } : {}),
    ...(typeof o?.alias === "string" ? { alias: o.alias } : {}),
  };
}

const numeric = (v: unknown): number | undefined =>
  typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : undefined;

/**
 * A game as the games decoder reads it, built from the session's full state: ids from the keys,
 * names trimmed, scores as numbers, empty statistics dropped, and only the markets the frame touched
 * (those it removed are reported hidden, from what the session knew of them).
 */
function projectGame(
  id: string,
  game: Tree,
  touched: Tree,
  removed: Tree,
  warnings: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: Number(id) };
  for (const key of ["team1_id", "team2_id", "start_ts", "type", "is_blocked", "is_cancelled"]) {
    const v = numeric(game[key]);
    if (v !== undefined) out[key] = v;
  }
  for (const key of ["team1_name", "team2_name"]) {
    const v = game[key];
    if (typeof v === "string" && v.trim() !== "") out[key] = v.trim();
  }
  const info = child(game, "info");
  if (info && typeof info.current_game_state === "string" && "info" in touched) {
    out.info = {
      current_game_state: info.current_game_state,
      ...(typeof info.current_game_time === "string" ? { current_game_time: info.current_game_time } : {}),
      ...(numeric(info.score1) !== undefined ? { score1: numeric(info.score1) } : {}),
      ...(numeric(info.score2) !== undefined ? { score2: numeric(info.score2) } : {}),
    };
  }
  const touchedMarkets = child(touched, "market");
  if (touchedMarkets) {
    const markets: Record<string, unknown> = {};
    for (const marketId of Object.keys(touchedMarkets)) {
      const gone = child(removed, marketId);
      const m = child(child(game, "market"), marketId) ?? (gone ? { ...gone, is_hidden: 1 } : undefined);
      if (!m) continue;
      if (typeof m.type !== "string") {
        warnings.push(`market ${marketId} of game ${id} is not known yet; its update is ignored`);
        continue;
      }
      if (!swarmByType.has(m.type)) {
        warnings.push(`unknown market type ${m.type}`);
        continue;
      }
      const events: Record<string, unknown> = {};
      for (const [eventId, e] of Object.entries(child(m, "event") ?? {})) {
        if (!isTree(e) || typeof e.type !== "string") continue;
        events[eventId] = {
          id: Number(eventId),
          type: e.type,
          ...(typeof e.price === "number" ? { price: e.price } : {}),
        };
      }
      markets[marketId] = {
        id: Number(marketId),
        type: m.type,
        ...(typeof m.base === "number" ? { base: m.base } : {}),
        ...(numeric(m.is_blocked) !== undefined ? { is_blocked: numeric(m.is_blocked) } : {}),
        ...(numeric(m.is_hidden) !== undefined ? { is_hidden: numeric(m.is_hidden) } : {}),
        event: events,
      };
    }
    // A frame that touched no market this session can read says nothing about odds.
    if (Object.keys(markets).length > 0) out.market = markets;
  }
  return out;
}

type GamesFrameDecoder = (frame: Record<string, unknown>) => DecodeResult;

/**
 * One connection's subscriptions. `decode` reads an envelope against what the session knows and
 * passes the touched games to `decodeGames` as a games frame stamped with the session's clock (Swarm
 * answers carry no time).
 */
export function createSwarmSession(decodeGames: GamesFrameDecoder, now: () => number = Date.now) {
  const trees = new Map<string, Tree>();

  function apply(subid: string, delta: Tree, replace: boolean): DecodeResult {
    const tree = replace ? {} : (trees.get(subid) ?? {});
    const touched = touchedGames(delta);
    // What a removal takes away, kept to report the market hidden; nothing else of the old state is needed.
    const removed = touched.map((t) => {
      const gone: Tree = {};
      const markets = child(pathOf(tree, t).game, "market");
      for (const [id, v] of Object.entries(child(t.delta, "market") ?? {}))
        if (v === null && isTree(markets?.[id])) gone[id] = markets[id] as Tree;
      return gone;
    });
    mergeDelta(tree, delta);
    trees.set(subid, tree);
    const warnings: string[] = [];
    const sports: Tree = {};
    touched.forEach((t, i) => {
      const { sport, region, competition, game } = pathOf(tree, t);
      if (!game) return;
      const regionKey = t.regionId ?? String(numeric(child(game, "region")?.id) ?? 0);
      const s = entry(sports, t.sportId, () => ({ id: Number(t.sportId), ...names(sport), region: {} }));
      const r = entry(s.region as Tree, regionKey, () => ({
        id: Number(regionKey),
        ...names(region),
        competition: {},
      }));
      const c = entry(r.competition as Tree, t.competitionId, () => ({
        id: Number(t.competitionId),
        ...names(competition),
        game: {},
      }));
      (c.game as Tree)[t.gameId] = projectGame(t.gameId, game, t.delta, removed[i] ?? {}, warnings);
    });
    const decoded = decodeGames({ subid: "games", ts: now(), data: { sport: sports } });
    return decoded.ok ? { ...decoded, warnings: [...warnings, ...decoded.warnings] } : decoded;
  }

  return {
    /** Reads one Swarm answer or update. */
    decode(raw: unknown): DecodeResult {
      const env = swarmEnvelopeSchema.safeParse(raw);
      if (!env.success) return { ok: false, code: "feed.invalid", reason: "not a Swarm answer" };
      const { code, msg, data } = env.data;
      if (code !== 0)
        return {
          ok: false,
          code: "feed.invalid",
          reason: `Swarm answered code ${code}${msg ? `: ${msg}` : ""}`,
        };
      if (!isTree(data)) return { ok: false, code: "feed.invalid", reason: "Swarm answer without data" };
      // An answer to a subscribing request names its subscription and carries the whole tree.
      if (typeof data.subid === "string" && isTree(data.data)) return apply(data.subid, data.data, true);
      const events: DecodeResult & { ok: true } = { ok: true, events: [], warnings: [] };
      for (const [subid, delta] of Object.entries(data)) {
        if (!isTree(delta)) continue;
        const r = apply(subid, delta, false);
        if (!r.ok) return r;
        events.events.push(...r.events);
        events.warnings.push(...r.warnings);
      }
      return events;
    },
  };
}
