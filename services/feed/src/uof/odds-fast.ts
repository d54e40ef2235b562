import { ODDS_SCALE } from "@sportsbook/domain";
import type { z } from "zod";
import { thousandths } from "../xml-number.js";
import type { oddsChangeSchema } from "./schema.js";

// The odds change is nearly every message of a live feed, and reading it through zod cost more than
// parsing its XML. This reader checks the same rules by hand for the common shape and answers what
// the schema would; anything it is not sure of (a rule broken, an unexpected shape) it leaves to the
// schema, which then accepts it or names what is wrong. So it may only ever be stricter than the
// schema, never more lenient (odds-fast.test.ts holds it to the schema's answers).

type OddsChange = z.output<typeof oddsChangeSchema>;
type Market = NonNullable<OddsChange["odds"]>["market"][number];
type Outcome = Market["outcome"][number];
type Status = NonNullable<OddsChange["sport_event_status"]>;
type PeriodScore = NonNullable<Status["period_scores"]>["period_score"][number];

/** Not read here: the schema decides. */
class Unsure extends Error {}
const unsure = new Unsure();

type Node = Record<string, unknown>;

const INT = /^\s*[+-]?\d+\s*$/;
const URN = /^[a-z]+:[a-z_]+:\d+$/;
const MARKET_STATUSES = new Set(["1", "0", "-1", "-2", "-3", "-4"]);
const EVENT_STATUSES = new Set(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);

function node(v: unknown): Node {
  // an element with nothing in it reads as ""
  if (v === "") return {};
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw unsure;
  return v as Node;
}

function int(v: unknown): number {
  if (typeof v !== "string" || !INT.test(v)) throw unsure;
  return Number(v);
}

function optInt(v: unknown): number | undefined {
  return v === undefined ? undefined : int(v);
}

function optText(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw unsure;
  return v;
}

function optBool(v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === "1" || v === "true") return true;
  if (v === "0" || v === "false") return false;
  throw unsure;
}

function list(v: unknown): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw unsure;
  return v;
}

/** Sets only the keys that have a value, as the schema leaves an absent optional out. */
function defined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

function outcome(v: unknown): Outcome {
  const o = node(v);
  if (typeof o.id !== "string" || o.id === "") throw unsure;
  let odds: number | undefined;
  if (o.odds !== undefined) {
    if (typeof o.odds !== "string") throw unsure;
    odds = thousandths(o.odds);
    if (odds === undefined || odds < ODDS_SCALE) throw unsure;
  }
  return defined({ id: o.id, odds, active: optBool(o.active) });
}

function market(v: unknown): Market {
  const m = node(v);
  let status: Market["status"];
  if (m.status !== undefined) {
    if (typeof m.status !== "string" || !MARKET_STATUSES.has(m.status)) throw unsure;
    status = Number(m.status) as Market["status"];
  }
  const meta = m.market_metadata === undefined ? undefined : node(m.market_metadata);
  return defined({
    id: int(m.id),
    specifiers: optText(m.specifiers),
    status,
    outcome: list(m.outcome).map(outcome),
    market_metadata: meta && defined({ next_betstop: optInt(meta.next_betstop) }),
  });
}

function periodScore(v: unknown): PeriodScore {
  const p = node(v);
  const type = optText(p.type);
  if (type === "") throw unsure;
  return {
    number: int(p.number),
    type: type ?? "regular_period",
    match_status_code: int(p.match_status_code),
    home_score: int(p.home_score),
    away_score: int(p.away_score),
  };
}

function status(v: unknown): Status {
  const s = node(v);
  if (typeof s.status !== "string" || !EVENT_STATUSES.has(s.status)) throw unsure;
  let server: 1 | 2 | undefined;
  if (s.current_server !== undefined) {
    if (s.current_server !== "1" && s.current_server !== "2") throw unsure;
    server = s.current_server === "1" ? 1 : 2;
  }
  const c = s.clock === undefined ? undefined : node(s.clock);
  const ps = s.period_scores === undefined ? undefined : node(s.period_scores);
  return defined({
    status: Number(s.status),
    match_status: s.match_status === undefined ? 0 : int(s.match_status),
    home_score: optInt(s.home_score),
    away_score: optInt(s.away_score),
    home_gamescore: optText(s.home_gamescore),
    away_gamescore: optText(s.away_gamescore),
    current_server: server,
    clock:
      c &&
      defined({
        match_time: optText(c.match_time),
        stoppage_time: optText(c.stoppage_time),
        remaining_time: optText(c.remaining_time),
        remaining_time_in_period: optText(c.remaining_time_in_period),
        stopped: optBool(c.stopped),
      }),
    period_scores: ps && { period_score: list(ps.period_score).map(periodScore) },
  });
}

/** The odds change as `oddsChangeSchema` reads it, or undefined when the schema must decide. */
export function readOddsChangeFast(body: unknown): OddsChange | undefined {
  try {
    const d = node(body);
    if (typeof d.event_id !== "string" || !URN.test(d.event_id)) throw unsure;
    const odds = d.odds === undefined ? undefined : node(d.odds);
    return defined({
      product: int(d.product),
      event_id: d.event_id,
      timestamp: int(d.timestamp),
      request_id: optInt(d.request_id),
      sport_event_status: d.sport_event_status === undefined ? undefined : status(d.sport_event_status),
      odds:
        odds &&
        defined({
          betting_status: optInt(odds.betting_status),
          betstop_reason: optInt(odds.betstop_reason),
          market: list(odds.market).map(market),
        }),
    });
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
}
