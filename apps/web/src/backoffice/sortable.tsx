"use client";

import { type ReactNode, useState } from "react";

type Direction = "ascending" | "descending";
type SortValue = string | number;

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { numeric: true, sensitivity: "base" });
}

/**
 * Sorting a back-office table in the browser by any of its columns: each header is a button that
 * sorts by it, again to reverse, and says how the table is sorted (`aria-sort`). For lists read whole;
 * a paged list (the audit log) is ordered by the server instead.
 */
export function useSortable<T>(
  rows: readonly T[] | undefined,
  columns: Record<string, (row: T) => SortValue>,
) {
  const [sort, setSort] = useState<{ key: string; direction: Direction }>();
  const by = sort ? columns[sort.key] : undefined;
  const sorted =
    rows && sort && by
      ? [...rows].sort((a, b) => compare(by(a), by(b)) * (sort.direction === "ascending" ? 1 : -1))
      : rows;
  const header = (key: string, label: ReactNode) => {
    const direction = sort?.key === key ? sort.direction : undefined;
    return (
      <th aria-sort={direction ?? "none"}>
        <button
          type="button"
          className="bo-sort"
          onClick={() => setSort({ key, direction: direction === "ascending" ? "descending" : "ascending" })}
        >
          {label}
          <span aria-hidden="true">
            {direction === "ascending" ? " ▲" : direction === "descending" ? " ▼" : ""}
          </span>
        </button>
      </th>
    );
  };
  return { rows: sorted, header };
}
