"use client";

import type { SettlementConflictView } from "@sportsbook/contracts";
import Link from "next/link";
import { staffDateTime } from "./money";
import { t } from "./strings";

/** What the held-back feed message said, in a trader's words. */
function feedSays(c: SettlementConflictView): string {
  if (c.feed.outcomes?.length)
    return c.feed.outcomes
      .map((o) => `${o.outcome_id} ${t.settlement.results[o.result] ?? o.result}`)
      .join(", ");
  if (c.feed.start_time !== undefined || c.feed.end_time !== undefined)
    return [c.feed.start_time, c.feed.end_time]
      .map((ms) => (ms === undefined ? "…" : staffDateTime(ms)))
      .join(" – ");
  return t.settlement.kinds[c.kind] ?? c.kind;
}

/**
 * Feed settlements held back because the desk had settled the market: a trader accepts the feed's
 * word or keeps the desk's.
 */
export function SettlementConflicts({
  conflicts,
  canDecide,
  decide,
  withMatch,
}: {
  conflicts: SettlementConflictView[];
  canDecide: boolean;
  decide: (c: SettlementConflictView, decision: "accept" | "reject") => void;
  withMatch?: boolean;
}) {
  if (conflicts.length === 0) return <p>{t.settlement.noConflicts}</p>;
  return (
    <table className="bo-table" aria-label={t.settlement.conflicts}>
      <thead>
        <tr>
          {withMatch && <th>{t.trading.match}</th>}
          <th>{t.trading.market}</th>
          <th>{t.settlement.kind}</th>
          <th>{t.settlement.feedSays}</th>
          <th>{t.settlement.received}</th>
          <th>{t.settlement.decision}</th>
        </tr>
      </thead>
      <tbody>
        {conflicts.map((c) => (
          <tr key={c.id}>
            {withMatch && (
              <td>
                <Link href={`/backoffice/settlement/${c.match_id}`}>{c.match_name}</Link>
              </td>
            )}
            <td>{c.market_name}</td>
            <td>{t.settlement.kinds[c.kind] ?? c.kind}</td>
            <td>{feedSays(c)}</td>
            <td>{staffDateTime(c.received_at)}</td>
            <td>
              {c.status === "open" && canDecide ? (
                <>
                  <button
                    type="button"
                    onClick={() => decide(c, "accept")}
                    aria-label={`${t.settlement.accept}: ${c.market_name}`}
                  >
                    {t.settlement.accept}
                  </button>{" "}
                  <button
                    type="button"
                    onClick={() => decide(c, "reject")}
                    aria-label={`${t.settlement.reject}: ${c.market_name}`}
                  >
                    {t.settlement.reject}
                  </button>
                </>
              ) : (
                <>
                  {t.settlement.statuses[c.status]}
                  {c.decided_by ? ` ${t.settlement.decidedBy} ${c.decided_by}` : ""}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
