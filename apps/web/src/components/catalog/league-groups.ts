import type { Match } from "../../lib/catalog-schemas";

export interface LeagueGroup<M> {
  key: string;
  title: string;
  matches: M[];
}

/** Consecutive matches of one league, in the order the list has them. */
export function groupByLeague<M extends Pick<Match, "tournament" | "category">>(
  matches: readonly M[],
): LeagueGroup<M>[] {
  const groups: LeagueGroup<M>[] = [];
  for (const m of matches) {
    const key = String(m.tournament.id);
    const last = groups.at(-1);
    if (last?.key === key) last.matches.push(m);
    else groups.push({ key, title: `${m.category.name} · ${m.tournament.name}`, matches: [m] });
  }
  return groups;
}
