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
