import {
  MATCH_STATUS_OF,
  type MatchPhase,
  type PeriodKind,
  periodKey,
  type RealtimeMatchStatus,
  type Statistics,
} from "@sportsbook/contracts";
import type { MatchStatus } from "@sportsbook/domain";
import { EVENT_STATUS, type EventStatusCode, type PeriodScore, type SportEventStatus } from "../model.js";

/**
 * Pure translations from feed terms to the product's: SPEC §4 match statuses, the realtime status
 * names, and the SPEC §3 statistics block.
 */

/** UOF's sport event statuses by realtime name (a delayed match has not started). */
const REALTIME_STATUS: Readonly<Record<EventStatusCode, RealtimeMatchStatus>> = {
  [EVENT_STATUS.notStarted]: "not_started",
  [EVENT_STATUS.live]: "live",
  [EVENT_STATUS.suspended]: "suspended",
  [EVENT_STATUS.ended]: "ended",
  [EVENT_STATUS.closed]: "closed",
  [EVENT_STATUS.cancelled]: "cancelled",
  [EVENT_STATUS.delayed]: "not_started",
  [EVENT_STATUS.interrupted]: "interrupted",
  [EVENT_STATUS.postponed]: "postponed",
  [EVENT_STATUS.abandoned]: "abandoned",
};

export function realtimeMatchStatus(uofStatus: number): RealtimeMatchStatus {
  return REALTIME_STATUS[uofStatus as EventStatusCode] ?? "not_started";
}

/**
 * SPEC §4 match status of a UOF sport event status: an ended match is finished (results not yet
 * confirmed), a closed, cancelled or abandoned one is closed, a postponed one is off the schedule.
 */
export function specMatchStatus(uofStatus: number): MatchStatus {
  return MATCH_STATUS_OF[realtimeMatchStatus(uofStatus)];
}

export { realtimeMarketStatus } from "@sportsbook/contracts";

/** UOF match status codes of the periods a score is kept for: their kind, number and English name. */
const PERIODS: Record<number, [PeriodKind, number, string]> = {
  1: ["period", 1, "1st period"],
  2: ["period", 2, "2nd period"],
  3: ["period", 3, "3rd period"],
  6: ["half", 1, "1st half"],
  7: ["half", 2, "2nd half"],
  8: ["set", 1, "1st set"],
  9: ["set", 2, "2nd set"],
  10: ["set", 3, "3rd set"],
  11: ["set", 4, "4th set"],
  12: ["set", 5, "5th set"],
  13: ["quarter", 1, "1st quarter"],
  14: ["quarter", 2, "2nd quarter"],
  15: ["quarter", 3, "3rd quarter"],
  16: ["quarter", 4, "4th quarter"],
  40: ["overtime", 1, "Overtime"],
  50: ["penalties", 1, "Penalties"],
  141: ["map", 1, "Map 1"],
  142: ["map", 2, "Map 2"],
  143: ["map", 3, "Map 3"],
  144: ["map", 4, "Map 4"],
  145: ["map", 5, "Map 5"],
  501: ["innings", 1, "1st innings"],
  502: ["innings", 2, "2nd innings"],
};

/**
 * UOF match status codes of the moments between and after periods, as the phase a scoreboard words:
 * pause, the breaks between periods (30x), half-time, awaiting extra time or penalties, extra time,
 * the shoot-out, and the ends (after regular time, extra time or penalties).
 */
const PHASES: Record<number, MatchPhase> = {
  30: "break",
  31: "halftime",
  32: "awaiting_overtime",
  33: "halftime",
  34: "awaiting_penalties",
  40: "overtime",
  41: "overtime",
  42: "overtime",
  50: "penalties",
  100: "ended",
  110: "ended",
  120: "ended",
  301: "break",
  302: "break",
  303: "break",
  304: "break",
  305: "break",
  306: "break",
};

/** A period's key and English name; a period of an unknown code counts as the sport's n-th period. */
function periodOf(p: PeriodScore): { period_key: string; period_name: string } {
  const known = PERIODS[p.matchStatusCode];
  if (known) return { period_key: periodKey(known[0], known[1]), period_name: known[2] };
  return {
    period_key: periodKey(p.type === "map" ? "map" : "period", p.number),
    period_name: `Period ${p.number}`,
  };
}

/** Tennis points as numbers (the statistics block carries integers); advantage counts as 50. */
function gamePoints(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (v === "A" || v === "AD") return 50;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The SPEC §3 statistics block of a match from the feed's sport event status. */
export function statisticsOf(st: SportEventStatus, at: number): Statistics {
  const out: Statistics = {};
  if (st.clock) {
    out.clock = {
      ...(st.clock.matchTime !== undefined ? { match_time: st.clock.matchTime } : {}),
      ...(st.clock.stoppageTime !== undefined ? { stoppage_time: st.clock.stoppageTime } : {}),
      ...(st.clock.remainingTime !== undefined ? { remaining_time: st.clock.remainingTime } : {}),
      ...(st.clock.remainingTimeInPeriod !== undefined
        ? { remaining_time_in_period: st.clock.remainingTimeInPeriod }
        : {}),
      ...(st.clock.stopped !== undefined ? { stopped: st.clock.stopped } : {}),
      clock_updated_at: new Date(at).toISOString(),
    };
  }
  const phase = PHASES[st.matchStatus];
  if (phase) out.phase = phase;
  if (st.homeScore !== undefined && st.awayScore !== undefined)
    out.total_score = { home: st.homeScore, away: st.awayScore };
  const gh = gamePoints(st.homeGameScore);
  const ga = gamePoints(st.awayGameScore);
  if (gh !== undefined && ga !== undefined) out.game_score = { home: gh, away: ga };
  if (st.currentServer) out.current_server = st.currentServer === 1 ? "home" : "away";
  if (st.periodScores.length) {
    out.period_score = st.periodScores.map((p) => ({
      home: p.home,
      away: p.away,
      ...periodOf(p),
      number: p.number,
      type: p.type,
    }));
    out.max_period_number = Math.max(...st.periodScores.map((p) => p.number));
  }
  return out;
}

/** Lower-case, dash-separated, ASCII only. */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

/** Sport keys and card markets per sport name; providers name their sports, the product keys them. */
export const SPORT_DEFAULTS: Record<
  string,
  { key: string; main: [number, number]; secondary?: [number, number] }
> = {
  Soccer: { key: "soccer", main: [1, 3], secondary: [18, 2] },
  Tennis: { key: "tennis", main: [186, 2], secondary: [188, 2] },
  Basketball: { key: "basketball", main: [219, 2], secondary: [225, 2] },
  "Ice Hockey": { key: "ice-hockey", main: [1, 3], secondary: [18, 2] },
  Cricket: { key: "cricket", main: [340, 2], secondary: [605, 2] },
  "Counter-Strike 2": { key: "counter-strike-2", main: [186, 2], secondary: [328, 2] },
  "Dota 2": { key: "dota-2", main: [186, 2], secondary: [328, 2] },
  "League of Legends": { key: "league-of-legends", main: [186, 2], secondary: [328, 2] },
};
