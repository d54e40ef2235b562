import type { Sport } from "../../lib/catalog-schemas";

export interface SportRow {
  key: string;
  name: string;
  count: number;
}

/**
 * One row per sport key, highest priority first. The API lists a sport once per provider serving its
 * type; when the settings name two providers for a type, both bring the same key, and the sport page
 * (addressed by key) shows the matches of both, so their counters add up under one row.
 */
export function sportRows(sports: readonly Sport[], counts: Readonly<Record<string, number>>): SportRow[] {
  const byKey = new Map<string, SportRow & { priority: number }>();
  for (const s of sports) {
    const n = counts[String(s.id)] ?? 0;
    const row = byKey.get(s.key);
    if (row) {
      row.count += n;
      row.priority = Math.max(row.priority, s.priority);
    } else byKey.set(s.key, { key: s.key, name: s.name, count: n, priority: s.priority });
  }
  return [...byKey.values()]
    .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name))
    .map(({ key, name, count }) => ({ key, name, count }));
}
