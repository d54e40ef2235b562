/**
 * The kinds of period a scoreboard shows. A period score's `period_key` is `<kind>_<number>`
 * ("half_2", "map_3"), so a client words it in its own language; `period_name` is the English.
 */
export const PERIOD_KINDS = [
  "period",
  "half",
  "set",
  "quarter",
  "overtime",
  "penalties",
  "map",
  "innings",
] as const;

export type PeriodKind = (typeof PERIOD_KINDS)[number];

export function periodKey(kind: PeriodKind, number: number): string {
  return `${kind}_${number}`;
}

/** The kind and number of a `period_key`; undefined for keys of another shape. */
export function parsePeriodKey(key: string): { kind: PeriodKind; number: number } | undefined {
  const match = /^([a-z]+)_(\d+)$/.exec(key);
  const kind = PERIOD_KINDS.find((k) => k === match?.[1]);
  return kind && match ? { kind, number: Number(match[2]) } : undefined;
}

/**
 * The moments between and after periods a scoreboard words rather than clocks: half-time, a break,
 * waiting for extra time or penalties, extra time, the shoot-out, the end.
 */
export const MATCH_PHASES = [
  "halftime",
  "break",
  "awaiting_overtime",
  "overtime",
  "awaiting_penalties",
  "penalties",
  "ended",
] as const;

export type MatchPhase = (typeof MATCH_PHASES)[number];
