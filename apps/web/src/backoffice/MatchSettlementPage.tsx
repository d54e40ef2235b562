"use client";

import {
  SETTLED_RESULTS,
  type SettlementConflictView,
  type settlementMatchDetailSchema,
} from "@sportsbook/contracts";
import { ODDS_SCALE } from "@sportsbook/domain";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { SettlementConflicts } from "./SettlementConflicts";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Detail = z.infer<typeof settlementMatchDetailSchema>["data"];
type Market = Detail["markets"][number];
type SettledResult = (typeof SETTLED_RESULTS)[number];

const odds = (v: number) => (v / ODDS_SCALE).toFixed(2);

/** One market's row: a result to choose per outcome, then settle, or void the market or one outcome. */
function MarketRow({
  m,
  canAct,
  act,
}: {
  m: Market;
  canAct: boolean;
  act: (body: object, marketRowId: number) => void;
}) {
  const [chosen, setChosen] = useState<Record<string, SettledResult | "">>({});
  const picked = Object.entries(chosen).flatMap(([outcome_id, result]) =>
    result ? [{ outcome_id, result }] : [],
  );
  const label = m.specifier ? `${m.name} (${m.specifier})` : m.name;
  return (
    <tr data-market-id={m.market_id} data-specifier={m.specifier}>
      <td>
        {label}
        {m.hand_settled && <em> — {t.settlement.handSettled}</em>}
      </td>
      <td>{t.marketStatus[String(m.status)]}</td>
      <td className="bo-num">{m.open_bets}</td>
      <td>
        <ul className="bo-outcomes">
          {m.outcomes.map((o) => (
            <li key={o.id}>
              {o.name} <span className="bo-num">{odds(o.odds)}</span>{" "}
              <strong>{o.result ? t.settlement.results[o.result] : ""}</strong>
              {canAct && (
                <>
                  {" "}
                  <select
                    aria-label={`${t.settlement.resultOf} ${o.name} (${label})`}
                    value={chosen[o.id] ?? ""}
                    onChange={(e) => setChosen({ ...chosen, [o.id]: e.target.value as SettledResult | "" })}
                  >
                    <option value="">{t.settlement.undecided}</option>
                    {SETTLED_RESULTS.map((r) => (
                      <option key={r} value={r}>
                        {t.settlement.results[r]}
                      </option>
                    ))}
                  </select>{" "}
                  <button
                    type="button"
                    onClick={() => act({ action: "void", outcome_id: o.id }, m.id)}
                    aria-label={`${t.settlement.voidOutcome} ${o.name} (${label})`}
                  >
                    {t.settlement.void}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </td>
      <td>
        {canAct && (
          <>
            <button
              type="button"
              disabled={picked.length === 0}
              onClick={() => act({ action: "settle", outcomes: picked }, m.id)}
              aria-label={`${t.settlement.settle} ${label}`}
            >
              {t.settlement.settle}
            </button>{" "}
            <button
              type="button"
              onClick={() => act({ action: "void" }, m.id)}
              aria-label={`${t.settlement.void} ${label}`}
            >
              {t.settlement.void}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

/** A match at the settlement desk: its markets' results, settling by hand, what the desk did and the feed's conflicts. */
export function MatchSettlementPage({ matchId }: { matchId: number }) {
  const { data, error, reload } = useLoad<{ data: Detail }>(`/settlement/matches/${matchId}`);
  const { may } = useStaffSession();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const run = (work: Promise<unknown>, said?: (v: unknown) => string) => {
    setProblem(undefined);
    setDone(undefined);
    work.then(
      (v) => {
        if (said) setDone(said(v));
        reload();
      },
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  const act = (body: object, marketRowId: number) =>
    run(
      boFetch(`/settlement/markets/${marketRowId}`, { method: "POST", body: { ...body, reason } }),
      (v) =>
        `${t.settlement.done} ${(v as { data: { bets_resettled: number } }).data.bets_resettled} ${t.settlement.betsResettled}`,
    );
  const decide = (c: SettlementConflictView, decision: "accept" | "reject") =>
    run(boFetch(`/settlement/conflicts/${c.id}`, { method: "POST", body: { decision } }));
  if (error) return <Problem>{error}</Problem>;
  if (!data) return <p className="bo-loading">{t.loading}</p>;
  const { match, markets, history, conflicts } = data.data;
  const canAct = may("settleMarket");
  const nameOf = new Map(markets.map((m) => [m.id, m.specifier ? `${m.name} (${m.specifier})` : m.name]));
  const outcomeName = (marketRowId: number, outcomeId: string) =>
    markets.find((m) => m.id === marketRowId)?.outcomes.find((o) => o.id === outcomeId)?.name ?? outcomeId;
  return (
    <section>
      <p>
        <Link href="/backoffice/settlement">← {t.settlement.back}</Link>
      </p>
      <h1>{match.name}</h1>
      <p>
        {match.sport} · {match.tournament} · {staffDateTime(match.start_time)} ·{" "}
        {t.matchStatus[String(match.status)]}
      </p>
      {canAct && (
        <div className="bo-inline-form">
          <label>
            {t.settlement.reason}
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t.settlement.reasonHint}
            />
          </label>
        </div>
      )}
      <Problem>{problem}</Problem>
      {done && <output className="bo-ok">{done}</output>}
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t.trading.market}</th>
            <th>{t.trading.status}</th>
            <th>{t.settlement.openBets}</th>
            <th>{t.trading.outcome}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {markets.map((m) => (
            <MarketRow key={m.id} m={m} canAct={canAct} act={act} />
          ))}
        </tbody>
      </table>
      <h2>{t.settlement.conflicts}</h2>
      <SettlementConflicts
        conflicts={conflicts}
        canDecide={may("decideSettlementConflict")}
        decide={decide}
      />
      {history.length > 0 && (
        <>
          <h2>{t.settlement.history}</h2>
          <ul>
            {history.map((h) => (
              <li key={h.id}>
                {staffDateTime(h.created_at)} · {nameOf.get(h.market_row_id) ?? h.market_row_id} ·{" "}
                {h.results
                  .map(
                    (r) =>
                      `${outcomeName(h.market_row_id, r.outcome_id)} ${t.settlement.results[r.result] ?? r.result}`,
                  )
                  .join(", ")}{" "}
                — “{h.reason}” {t.trading.by} {h.staff_email}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
