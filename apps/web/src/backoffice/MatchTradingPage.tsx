"use client";

import type { SuspensionView, tradingMatchDetailSchema } from "@sportsbook/contracts";
import { ODDS_SCALE } from "@sportsbook/domain";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Detail = z.infer<typeof tradingMatchDetailSchema>["data"];
type Target =
  | { scope: "match" }
  | { scope: "market"; market_row_id: number }
  | { scope: "outcome"; market_row_id: number; outcome_id: string };

const odds = (v: number) => (v / ODDS_SCALE).toFixed(2);

/** One match's markets as players see them and as the feed sent them, with suspensions set and lifted by hand. */
export function MatchTradingPage({ matchId }: { matchId: number }) {
  const { data, error, reload } = useLoad<{ data: Detail }>(`/trading/matches/${matchId}`);
  const { may } = useStaffSession();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const canAct = may("suspend");
  const act = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
      reload();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  const suspend = (target: Target) =>
    act(() =>
      boFetch("/trading/suspensions", { method: "POST", body: { ...target, match_id: matchId, reason } }),
    );
  const lift = (s: SuspensionView) =>
    act(() => boFetch(`/trading/suspensions/${s.id}/lift`, { method: "POST" }));
  if (error)
    return (
      <p role="alert" className="bo-error">
        {error}
      </p>
    );
  if (!data) return <p className="bo-loading">{t.loading}</p>;
  const { match, markets, suspensions } = data.data;
  const holdOf = (marketRowId: number | null, outcomeId: string | null) =>
    suspensions.find((s) => s.market_row_id === marketRowId && s.outcome_id === outcomeId);
  const matchHold = suspensions.find((s) => s.scope === "match");
  return (
    <section>
      <p>
        <Link href="/backoffice/trading">← {t.trading.back}</Link>
      </p>
      <h1>{match.name}</h1>
      <p>
        {match.sport} · {match.tournament} · {staffDateTime(match.start_time)} ·{" "}
        {t.matchStatus[String(match.status)]}
      </p>
      {canAct && (
        <div className="bo-inline-form">
          <label>
            {t.trading.reason}
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t.trading.reasonHint}
            />
          </label>
          {matchHold ? (
            <button type="button" onClick={() => void lift(matchHold)}>
              {t.trading.lift} {t.trading.match.toLowerCase()}
            </button>
          ) : (
            <button type="button" onClick={() => void suspend({ scope: "match" })}>
              {t.trading.suspendMatch}
            </button>
          )}
        </div>
      )}
      <Problem>{problem}</Problem>
      {suspensions.length > 0 && (
        <>
          <h2>{t.trading.suspensions}</h2>
          <ul>
            {suspensions.map((s) => (
              <li key={s.id}>
                {s.scope} {s.market_row_id ?? ""} {s.outcome_id ?? ""} — “{s.reason}” {t.trading.by}{" "}
                {s.staff_email}
              </li>
            ))}
          </ul>
        </>
      )}
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t.trading.market}</th>
            <th>{t.trading.stored}</th>
            <th>{t.trading.feed}</th>
            <th>{t.trading.outcome}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {markets.map((m) => {
            const hold = holdOf(m.id, null);
            return (
              <tr key={m.id} data-market-id={m.market_id} data-specifier={m.specifier}>
                <td>
                  {m.name}
                  {m.specifier ? <small> ({m.specifier})</small> : null}
                </td>
                <td>{t.marketStatus[String(m.status)]}</td>
                <td>{m.feed_status === null ? "—" : t.marketStatus[String(m.feed_status)]}</td>
                <td>
                  <ul className="bo-outcomes">
                    {m.outcomes.map((o) => {
                      const oHold = holdOf(m.id, o.id);
                      return (
                        <li key={o.id}>
                          {o.name} <span className="bo-num">{odds(o.odds)}</span>
                          {!o.active && <em> ({t.marketStatus["-1"]})</em>}
                          {canAct &&
                            (oHold ? (
                              <button
                                type="button"
                                onClick={() => void lift(oHold)}
                                aria-label={`${t.trading.lift} ${o.name}`}
                              >
                                {t.trading.lift}
                              </button>
                            ) : (
                              <button
                                type="button"
                                onClick={() =>
                                  void suspend({ scope: "outcome", market_row_id: m.id, outcome_id: o.id })
                                }
                                aria-label={`${t.trading.suspendOutcome} ${o.name}`}
                              >
                                {t.trading.suspendOutcome}
                              </button>
                            ))}
                        </li>
                      );
                    })}
                  </ul>
                </td>
                <td>
                  {canAct &&
                    (hold ? (
                      <button
                        type="button"
                        onClick={() => void lift(hold)}
                        aria-label={`${t.trading.lift} ${m.name}`}
                      >
                        {t.trading.lift}
                      </button>
                    ) : (
                      <button
                        type="button"
                        onClick={() => void suspend({ scope: "market", market_row_id: m.id })}
                        aria-label={`${t.trading.suspendMarket} ${m.name}`}
                      >
                        {t.trading.suspendMarket}
                      </button>
                    ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
