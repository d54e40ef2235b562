"use client";

import type { AdjustmentView } from "@sportsbook/contracts";
import Link from "next/link";
import { useState } from "react";
import { boFetch } from "./api";
import { formatMinor, STAFF_LOCALE } from "./money";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

/** Balance adjustments above the approval amount, waiting for a second staff member to approve or reject. */
export function ApprovalsPage() {
  const { data, error, reload } = useLoad<{ data: AdjustmentView[] }>("/adjustments");
  const { may } = useStaffSession();
  const [problem, setProblem] = useState<string>();
  const decide = async (id: number, approve: boolean) => {
    setProblem(undefined);
    try {
      await boFetch(`/adjustments/${id}/decision`, { method: "POST", body: { approve } });
      reload();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section>
      <h1>{t.approvals.title}</h1>
      <p>{t.approvals.intro}</p>
      <Problem>{error ?? problem}</Problem>
      {data && data.data.length === 0 && <p>{t.approvals.none}</p>}
      {data && data.data.length > 0 && (
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t.players.when}</th>
              <th>{t.approvals.player}</th>
              <th>{t.players.amount}</th>
              <th>{t.players.reason}</th>
              <th>{t.players.requestedBy}</th>
              <th>{t.staff.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((a) => (
              <tr key={a.id}>
                <td>{new Date(a.created_at).toLocaleString(STAFF_LOCALE)}</td>
                <td>
                  <Link href={`/backoffice/players/${a.player_id}`}>
                    {a.player_email ?? `#${a.player_id}`}
                  </Link>
                </td>
                <td className="bo-num">
                  {formatMinor(a.amount, a.currency, [
                    { code: a.currency, subunits: a.subunits, fiat: true },
                  ])}
                </td>
                <td>{a.reason}</td>
                <td>{a.requested_by}</td>
                <td>
                  {may("decideAdjustment") && (
                    <>
                      <button type="button" onClick={() => void decide(a.id, true)}>
                        {t.approvals.approve}
                      </button>{" "}
                      <button type="button" onClick={() => void decide(a.id, false)}>
                        {t.approvals.reject}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
