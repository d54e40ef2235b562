"use client";

import type { matchLiabilitiesSchema } from "@sportsbook/contracts";
import { ODDS_SCALE } from "@sportsbook/domain";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { LIABILITIES_REFRESH_MS } from "./LiabilitiesPage";
import { amountText, staffDateTime } from "./money";
import { Problem } from "./Problem";
import { t } from "./strings";
import { useEvery } from "./use-every";
import { useLoad } from "./use-load";

type Detail = z.infer<typeof matchLiabilitiesSchema>["data"];
type Outcome = Detail["markets"][number]["outcomes"][number];

const odds = (v: number) => (v / ODDS_SCALE).toFixed(2);

/** One match's liability per market and outcome; choosing a figure lists the bets behind it. */
export function MatchLiabilitiesPage({
  matchId,
  currency,
}: {
  matchId: number;
  currency?: string | undefined;
}) {
  const query = currency ? `?${new URLSearchParams({ currency })}` : "";
  const { data, error, reload } = useLoad<{ data: Detail }>(`/liabilities/matches/${matchId}${query}`);
  useEvery(LIABILITIES_REFRESH_MS, reload);
  const [chosen, setChosen] = useState<{ market: number; outcome: string }>();
  const d = data?.data;
  const cur = d?.currency;
  const market = d?.markets.find((m) => m.id === chosen?.market);
  const outcome: Outcome | undefined = market?.outcomes.find((o) => o.id === chosen?.outcome);
  const behind = outcome ? new Map(outcome.bets.map((b) => [b.bet_id, b])) : undefined;
  const bets = d?.bets.filter((b) => !behind || behind.has(b.id));
  return (
    <section>
      <p>
        <Link href="/backoffice/liabilities">← {t.liabilities.back}</Link>
      </p>
      <Problem>{error}</Problem>
      {d && cur && (
        <>
          <h1>{d.match.name}</h1>
          <p>
            {d.match.sport} · {d.match.tournament} · {t.matchStatus[String(d.match.status)]} ·{" "}
            {t.liabilities.bets}: <span className="bo-num">{d.match.bets}</span> · {t.liabilities.stakes}:{" "}
            <span className="bo-num">{amountText(d.match.stakes, cur)}</span> {cur.code} ·{" "}
            {t.liabilities.worstCase}:{" "}
            <strong className="bo-num">{amountText(d.match.worst_case, cur)}</strong> {cur.code}.{" "}
            {t.liabilities.live}
          </p>
          {d.markets.map((m) => (
            <table key={m.id} className="bo-table" aria-label={m.name} data-market-row-id={m.id}>
              <caption>
                {m.name} — {t.liabilities.stakes}: {amountText(m.stakes, cur)} {cur.code}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t.liabilities.outcome}</th>
                  <th scope="col">
                    {t.liabilities.payout} ({cur.code})
                  </th>
                  <th scope="col">
                    {t.liabilities.liability} ({cur.code})
                  </th>
                  <th scope="col">{t.liabilities.betsBehind}</th>
                </tr>
              </thead>
              <tbody>
                {m.outcomes.map((o) => (
                  <tr key={o.id} data-outcome-id={o.id}>
                    <th scope="row">{o.name}</th>
                    <td className="bo-num">{amountText(o.payout, cur)}</td>
                    <td className={`bo-num${o.liability > 0 ? " bo-loss" : ""}`} data-figure="liability">
                      {amountText(o.liability, cur)}
                    </td>
                    <td>
                      <button
                        type="button"
                        aria-pressed={chosen?.market === m.id && chosen.outcome === o.id}
                        onClick={() => setChosen({ market: m.id, outcome: o.id })}
                      >
                        {t.liabilities.betsBehind} {o.name} ({m.name})
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <h2>
            {outcome && market
              ? `${t.liabilities.betsOf} ${outcome.name} (${market.name})`
              : t.liabilities.allBets}
          </h2>
          {outcome && (
            <button type="button" onClick={() => setChosen(undefined)}>
              {t.liabilities.showAll}
            </button>
          )}
          <table className="bo-table" aria-label={t.liabilities.allBets}>
            <thead>
              <tr>
                <th scope="col">{t.liabilities.ref}</th>
                <th scope="col">{t.liabilities.player}</th>
                <th scope="col">{t.liabilities.type}</th>
                <th scope="col">{t.liabilities.stake}</th>
                <th scope="col">{t.liabilities.bonus}</th>
                <th scope="col">{t.liabilities.potentialWin}</th>
                <th scope="col">{t.liabilities.selections}</th>
                {behind && <th scope="col">{t.liabilities.pays}</th>}
                {behind && <th scope="col">{t.liabilities.taken}</th>}
                <th scope="col">{t.liabilities.placed}</th>
              </tr>
            </thead>
            <tbody>
              {bets?.map((b) => (
                <tr key={b.id} data-bet-id={b.id}>
                  <td>{b.ref}</td>
                  <td className="bo-num">{b.player_id}</td>
                  <td>{b.type}</td>
                  <td className="bo-num">{amountText(b.stake, cur)}</td>
                  <td>{b.bonus ?? ""}</td>
                  <td className="bo-num">{amountText(b.potential_win, cur)}</td>
                  <td>{b.selections.map((s) => `${s.market}: ${s.outcome} @ ${odds(s.odds)}`).join("; ")}</td>
                  {behind && <td className="bo-num">{amountText(behind.get(b.id)?.pays ?? 0, cur)}</td>}
                  {behind && <td className="bo-num">{amountText(behind.get(b.id)?.taken ?? 0, cur)}</td>}
                  <td>{staffDateTime(b.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.bets.length === 0 && <p>{t.liabilities.none}</p>}
        </>
      )}
    </section>
  );
}
