import { MAX_SELECTIONS } from "./limits.js";
import { binomial } from "./symmetric.js";

/** A system bet "winCount/totalCount": every combination of winCount of the totalCount selections. */
export interface SystemType {
  readonly winCount: number;
  readonly totalCount: number;
}

/** Sorts system types by total count, then win count (SPEC §3 ticket state). */
export function sortSystemTypes(types: readonly SystemType[]): SystemType[] {
  return [...types].sort((a, b) => a.totalCount - b.totalCount || a.winCount - b.winCount);
}

/** The system types offered for n selections: 2/n up to (n-1)/n, so from 3 selections on. */
export function systemTypesFor(selectionCount: number): SystemType[] {
  const types: SystemType[] = [];
  if (selectionCount < 3 || selectionCount > MAX_SELECTIONS) return types;
  for (let k = 2; k < selectionCount; k++) types.push({ winCount: k, totalCount: selectionCount });
  return types;
}

/** Every system type for 3 up to MAX_SELECTIONS selections, sorted. */
export function allSystemTypes(): SystemType[] {
  return sortSystemTypes(Array.from({ length: MAX_SELECTIONS }, (_, i) => systemTypesFor(i + 1)).flat());
}

/** How many combinations (lines) a system type places. */
export function systemLineCount(type: SystemType): bigint {
  return binomial(type.totalCount, type.winCount);
}

/** The conventional name of a system type, e.g. "2/3". */
export function systemTypeName(type: SystemType): string {
  return `${type.winCount}/${type.totalCount}`;
}
