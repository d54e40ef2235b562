"use client";

import type { liabilitiesSchema } from "@sportsbook/contracts";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { amountText, staffDateTime } from "./money";
import { Problem } from "./Problem";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useEvery } from "./use-every";
import { useLoad } from "./use-load";

type Liabilities = z.infer<typeof liabilitiesSchema>;

/** How often the figures are read again. */
export const LIABILITIES_REFRESH_MS = 5_000;

/** Matches with open bets, the one the book stands to lose most on first, kept fresh. */
export function LiabilitiesPage() {
  const [query, setQuery] = useState(new URLSearchParams());
  const { data, error, reload } = useLoad<Liabilities>(`/liabilities?${query}`);
  useEvery(LIABILITIES_REFRESH_MS, reload);
  const { rows, header } = useSortable(data?.data, {
    name: (m) => m.name,
    sport: (m) => m.sport,
    tournament: (m) => m.tournament,
    start: (m) => m.start_time,
    status: (m) => m.status,
    bets: (m) => m.bets,
    stakes: (m) => m.stakes,
    worst: (m) => m.worst_case,
    market: (m) => m.worst_market,
  });
  const currency = data?.currency ?? null;
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const code = String(form.get("currency") ?? "");
    if (code) next.set("currency", code);
    const q = String(form.get("q") ?? "").trim();
    if (q) next.set("q", q);
    setQuery(next);
  };
  const drill = (id: number) =>
    `/backoffice/liabilities/${id}${currency ? `?${new URLSearchParams({ currency: currency.code })}` : ""}`;
  return (
    <section>
      <h1>{t.liabilities.title}</h1>
      <p>
        {t.liabilities.intro} {t.liabilities.live}
      </p>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.liabilities.search}>
        <label>
          {t.liabilities.search}
          <input name="q" type="search" />
        </label>
        <label>
          {t.liabilities.currency}
          <select name="currency" defaultValue="">
            <option value="">{currency?.code ?? "—"}</option>
            {data?.currencies
              .filter((c) => c !== currency?.code)
              .map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
          </select>
        </label>
        <button type="submit">{t.audit.search}</button>
      </form>
      <Problem>{error}</Problem>
      {currency && (
        <table className="bo-table" aria-label={t.liabilities.title}>
          <thead>
            <tr>
              {header("name", t.liabilities.match)}
              {header("sport", t.liabilities.sport)}
              {header("tournament", t.liabilities.tournament)}
              {header("start", t.liabilities.start)}
              {header("status", t.liabilities.status)}
              {header("bets", t.liabilities.bets)}
              {header("stakes", `${t.liabilities.stakes} (${currency.code})`)}
              {header("worst", `${t.liabilities.worstCase} (${currency.code})`)}
              {header("market", t.liabilities.worstMarket)}
            </tr>
          </thead>
          <tbody>
            {rows?.map((m) => (
              <tr key={m.id} data-match-id={m.id}>
                <td>
                  <Link href={drill(m.id)}>{m.name}</Link>
                </td>
                <td>{m.sport}</td>
                <td>{m.tournament}</td>
                <td>{staffDateTime(m.start_time)}</td>
                <td>{t.matchStatus[String(m.status)]}</td>
                <td className="bo-num">{m.bets}</td>
                <td className="bo-num">{amountText(m.stakes, currency)}</td>
                <td className={`bo-num${m.worst_case > 0 ? " bo-loss" : ""}`} data-figure="worst-case">
                  {amountText(m.worst_case, currency)}
                </td>
                <td>{m.worst_market}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.data.length === 0 && <p>{t.liabilities.none}</p>}
    </section>
  );
}
