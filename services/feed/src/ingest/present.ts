import { type PeriodKind, periodKey } from "@sportsbook/contracts";
import type { MarketStatus, PeriodScore, SportEventStatus } from "../model.js";

/**
 * Pure translations from feed terms to the product's: SPEC §4 match statuses, the realtime status
 * names, and the SPEC §3 statistics block.
 */

/** SPEC §4 match status: prematch 0, live 1, stopped 2, closed 3, finished 4, not covered 5. */
export function specMatchStatus(uofStatus: number): 0 | 1 | 2 | 3 | 4 | 5 {
  switch (uofStatus) {
    case 1:
      return 1;
    case 2: // suspended
    case 7: // interrupted
      return 2;
    case 3: // ended: over, results not yet confirmed
      return 4;
    case 4: // closed: results confirmed, nothing more to come
    case 5: // cancelled
    case 9: // abandoned
      return 3;
    case 8: // postponed: off the schedule until it gets a new date
      return 5;
    default: // not started, delayed
      return 0;
  }
}

const REALTIME_STATUS = [
  "not_started",
  "live",
  "suspended",
  "ended",
  "closed",
  "cancelled",
  "not_started",
  "interrupted",
  "postponed",
  "abandoned",
] as const;

export type RealtimeMatchStatus = (typeof REALTIME_STATUS)[number];

export function realtimeMatchStatus(uofStatus: number): RealtimeMatchStatus {
  return REALTIME_STATUS[uofStatus] ?? "not_started";
}

export type RealtimeMarketStatus = "active" | "suspended" | "deactivated" | "settled" | "cancelled";

export function realtimeMarketStatus(status: number): RealtimeMarketStatus {
  switch (status as MarketStatus) {
    case 1:
      return "active";
    case 0:
      return "deactivated";
    case -3:
      return "settled";
    case -4:
      return "cancelled";
    default: // suspended, handed over
      return "suspended";
  }
}

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

export interface Statistics {
  clock?: {
    match_time?: string | null;
    stoppage_time?: string | null;
    remaining_time?: string | null;
    remaining_time_in_period?: string | null;
    stopped?: boolean;
    clock_updated_at?: string;
  };
  total_score?: { home: number; away: number } | null;
  game_score?: { home: number; away: number } | null;
  current_server?: "home" | "away" | null;
  period_score?: {
    home: number;
    away: number;
    period_key: string;
    period_name?: string;
    number: number;
    type?: string;
  }[];
  max_period_number?: number;
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

/** A small SVG badge (initials on a colour from the name) for competitors without a logo. */
export function competitorLogo(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  const hue = h % 360;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="hsl(${hue},55%,42%)"/><text x="32" y="40" font-family="Arial,sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
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
