"use client";

import type { BettingReport, MoneyReport } from "@sportsbook/contracts";
import { BETTING_REPORT_GROUPS } from "@sportsbook/contracts/reports";
import { type FormEvent, useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { boFetch } from "./api";
import { amountText } from "./money";
import { Problem } from "./Problem";
import { t } from "./strings";

const GROUPS = BETTING_REPORT_GROUPS;
const PERIODS = ["day", "week", "month"] as const;

/** The last 30 UTC days up to today: what an operator looks at first. */
function defaultRange(): { from: string; to: string } {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-29), to: day(0) };
}

/** A percentage for people from basis points, in integers. */
function holdText(bp: number | null): string {
  if (bp === null) return "—";
  const sign = bp < 0 ? "-" : "";
  const abs = Math.abs(bp);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")} %`;
}

/** Betting and money reports from the ledger: a form for the range, a chart and a table for each, CSV links. */
export function ReportsPage() {
  const [query, setQuery] = useState(() => new URLSearchParams({ currency: "EUR", ...defaultRange() }));
  const [by, setBy] = useState<(typeof GROUPS)[number]>("day");
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>("day");
  const bettingQuery = new URLSearchParams(query);
  bettingQuery.set("by", by);
  const moneyQuery = new URLSearchParams(query);
  moneyQuery.set("by", period);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery(
      new URLSearchParams({
        currency: String(form.get("currency") ?? "")
          .trim()
          .toUpperCase(),
        from: String(form.get("from") ?? ""),
        to: String(form.get("to") ?? ""),
      }),
    );
  };

  return (
    <section>
      <h1>{t.reports.title}</h1>
      <form onSubmit={apply} className="bo-inline-form" aria-label={t.reports.range}>
        <label>
          {t.reports.currency}
          <input name="currency" defaultValue={query.get("currency") ?? ""} />
        </label>
        <label>
          {t.reports.from}
          <input name="from" type="date" defaultValue={query.get("from") ?? ""} />
        </label>
        <label>
          {t.reports.to}
          <input name="to" type="date" defaultValue={query.get("to") ?? ""} />
        </label>
        <button type="submit">{t.reports.show}</button>
      </form>

      <h2>{t.reports.betting}</h2>
      <div className="bo-inline-form">
        <label>
          {t.reports.groupBy}
          <select value={by} onChange={(e) => setBy(e.target.value as (typeof GROUPS)[number])}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t.reports.groups[g]}
              </option>
            ))}
          </select>
        </label>
        <a className="bo-button" href={`/api/backoffice/reports/betting.csv?${bettingQuery}`} download>
          {t.reports.bettingCsv}
        </a>
      </div>
      <BettingFigures query={`${bettingQuery}`} by={by} />

      <h2>{t.reports.money}</h2>
      <div className="bo-inline-form">
        <label>
          {t.reports.period}
          <select value={period} onChange={(e) => setPeriod(e.target.value as (typeof PERIODS)[number])}>
            {PERIODS.map((g) => (
              <option key={g} value={g}>
                {t.reports.groups[g]}
              </option>
            ))}
          </select>
        </label>
        <a className="bo-button" href={`/api/backoffice/reports/money.csv?${moneyQuery}`} download>
          {t.reports.moneyCsv}
        </a>
      </div>
      <MoneyFigures query={`${moneyQuery}`} />
    </section>
  );
}

/** Shows minor units in the answer's currency, and charts them in major units (the tables and CSV keep minor units). */
function formatters(currency: { code: string; subunits: number; fiat: boolean } | undefined) {
  return {
    show: (value: number) => (currency ? amountText(value, currency) : ""),
    major: (value: number) => value / 10 ** (currency?.subunits ?? 0),
  };
}

/** A report's answer for `path` only: while a new query loads, the figures of the last one are not shown as its. */
function useReport<T>(path: string): { data?: T; error?: string } {
  const [state, setState] = useState<{ path: string; data?: T; error?: string }>({ path: "" });
  useEffect(() => {
    let live = true;
    boFetch<T>(path).then(
      (data) => live && setState({ path, data }),
      (e: unknown) => live && setState({ path, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return state.path === path ? state : {};
}

/** The betting report's chart, table and totals for one query. */
function BettingFigures({ query, by }: { query: string; by: (typeof GROUPS)[number] }) {
  const betting = useReport<BettingReport>(`/reports/betting?${query}`);
  const { show, major } = formatters(betting.data?.currency);
  return (
    <>
      <Problem>{betting.error}</Problem>
      {betting.data && (
        <>
          <figure aria-label={t.reports.bettingChart}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart
                data={betting.data.data.map((r) => ({ ...r, stakes: major(r.stakes), ggr: major(r.ggr) }))}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" />
                <YAxis />
                <Tooltip />
                <Legend />
                <Bar dataKey="stakes" name={t.reports.stakes} fill="#3b6fb6" isAnimationActive={false} />
                <Bar dataKey="ggr" name={t.reports.ggr} fill="#2e8b57" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <table className="bo-table" aria-label={t.reports.betting}>
            <thead>
              <tr>
                <th>{t.reports.groups[by]}</th>
                <th>{t.reports.stakes}</th>
                <th>{t.reports.payouts}</th>
                <th>{t.reports.ggr}</th>
                <th>{t.reports.hold}</th>
                <th>{t.reports.bets}</th>
                <th>{t.reports.players}</th>
              </tr>
            </thead>
            <tbody>
              {betting.data.data.map((r) => (
                <tr key={r.key}>
                  <td>{r.label}</td>
                  <td>{show(r.stakes)}</td>
                  <td>{show(r.payouts)}</td>
                  <td>{show(r.ggr)}</td>
                  <td>{holdText(r.hold_bp)}</td>
                  <td>{r.bets}</td>
                  <td>{r.players}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t.reports.total}</th>
                <td data-testid="turnover-total">{show(betting.data.totals.stakes)}</td>
                <td>{show(betting.data.totals.payouts)}</td>
                <td>{show(betting.data.totals.ggr)}</td>
                <td>{holdText(betting.data.totals.hold_bp)}</td>
                <td>{betting.data.totals.bets}</td>
                <td>{betting.data.totals.players}</td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </>
  );
}

/** The money report's chart and table for one query. */
function MoneyFigures({ query }: { query: string }) {
  const money = useReport<MoneyReport>(`/reports/money?${query}`);
  const { show, major } = formatters(money.data?.currency);
  return (
    <>
      <Problem>{money.error}</Problem>
      {money.data && (
        <>
          <figure aria-label={t.reports.moneyChart}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart
                data={money.data.data.map((r) => ({
                  ...r,
                  deposits: major(r.deposits),
                  withdrawals: major(r.withdrawals),
                  bonus_cost: major(r.bonus_cost),
                }))}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" />
                <YAxis />
                <Tooltip />
                <Legend />
                <Bar dataKey="deposits" name={t.reports.deposits} fill="#3b6fb6" isAnimationActive={false} />
                <Bar
                  dataKey="withdrawals"
                  name={t.reports.withdrawals}
                  fill="#b6523b"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="bonus_cost"
                  name={t.reports.bonusCost}
                  fill="#b6a13b"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <table className="bo-table" aria-label={t.reports.money}>
            <thead>
              <tr>
                <th>{t.reports.period}</th>
                <th>{t.reports.deposits}</th>
                <th>{t.reports.withdrawals}</th>
                <th>{t.reports.bonusCost}</th>
                <th>{t.reports.adjustments}</th>
              </tr>
            </thead>
            <tbody>
              {money.data.data.map((r) => (
                <tr key={r.key}>
                  <td>{r.label}</td>
                  <td>{show(r.deposits)}</td>
                  <td>{show(r.withdrawals)}</td>
                  <td>{show(r.bonus_cost)}</td>
                  <td>{show(r.adjustments)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
