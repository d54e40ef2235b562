/**
 * Swarm market types ↔ canonical markets. `base` carries the line (total or home handicap); event
 * types name the outcome. Markets without a mapping are not offered by this provider.
 */
export interface SwarmMarketType {
  type: string;
  canonical: number;
  /** canonical specifier key that `base` fills, if any */
  baseKey?: "total" | "hcp";
  events: Record<string, string>;
}

const SWARM_MARKETS: SwarmMarketType[] = [
  { type: "P1XP2", canonical: 1, events: { P1: "1", X: "2", P2: "3" } },
  { type: "1X12X2", canonical: 10, events: { "1X": "9", "12": "10", X2: "11" } },
  { type: "DrawNoBet", canonical: 11, events: { W1: "4", W2: "5" } },
  { type: "AsianHandicap", canonical: 16, baseKey: "hcp", events: { Home: "1714", Away: "1715" } },
  { type: "OverUnder", canonical: 18, baseKey: "total", events: { Over: "12", Under: "13" } },
  { type: "BothTeamsToScore", canonical: 29, events: { Yes: "74", No: "76" } },
  // Swarm names the two sides of a winner market P1 and P2 (W1 and W2 are its display names, type_1).
  { type: "P1P2", canonical: 186, events: { P1: "4", P2: "5" } },
];

export const swarmByType = new Map(SWARM_MARKETS.map((m) => [m.type, m]));
export const swarmByCanonical = new Map(SWARM_MARKETS.map((m) => [m.canonical, m]));

/** Swarm game states → UOF match status codes. */
export const SWARM_STATES: Record<string, number> = {
  notstarted: 0,
  set1: 6,
  "Half Time": 31,
  set2: 7,
  finished: 100,
  abandoned: 90,
};

export const SWARM_STATE_BY_CODE: Record<number, string> = Object.fromEntries(
  Object.entries(SWARM_STATES).map(([k, v]) => [v, k]),
);
