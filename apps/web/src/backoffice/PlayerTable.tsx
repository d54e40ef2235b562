"use client";

import { t } from "./strings";

/** A read-only table of the player page; columns named in `numeric` are set in tabular figures. */
export function PlayerTable({
  head,
  rows,
  label,
  numeric = [],
}: {
  head: string[];
  rows: (string | number)[][];
  label: string;
  numeric?: string[];
}) {
  if (rows.length === 0) return <p>{t.players.empty}</p>;
  return (
    <table className="bo-table" aria-label={label}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-read whole, never reordered in place
          <tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow the header's order
              <td key={j} className={numeric.includes(head[j] ?? "") ? "bo-num" : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
