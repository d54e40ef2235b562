"use client";

import type { tradingMatchesSchema } from "@sportsbook/contracts";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Matches = z.infer<typeof tradingMatchesSchema>;

/** Open matches, soonest first, searchable, with whether a trader holds any of them. */
export function TradingPage() {
  const [query, setQuery] = useState(new URLSearchParams({ status: "all" }));
  const { data, error } = useLoad<Matches>(`/trading/matches?${query}`);
  const { rows, header } = useSortable(data?.data, {
    name: (m) => m.name,
    sport: (m) => m.sport,
    tournament: (m) => m.tournament,
    start: (m) => m.start_time,
    status: (m) => m.status,
    markets: (m) => m.markets,
    held: (m) => Number(m.held),
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ status: String(form.get("status") ?? "all") });
    const q = String(form.get("q") ?? "").trim();
    if (q) next.set("q", q);
    setQuery(next);
  };
  return (
    <section>
      <h1>{t.trading.title}</h1>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.trading.search}>
        <label>
          {t.trading.search}
          <input name="q" type="search" />
        </label>
        <label>
          {t.trading.status}
          <select name="status" defaultValue="all">
            <option value="all">{t.trading.all}</option>
            <option value="prematch">{t.trading.prematch}</option>
            <option value="live">{t.trading.live}</option>
          </select>
        </label>
        <button type="submit">{t.audit.search}</button>
      </form>
      <Problem>{error}</Problem>
      <table className="bo-table">
        <thead>
          <tr>
            {header("name", t.trading.match)}
            {header("sport", t.trading.sport)}
            {header("tournament", t.trading.tournament)}
            {header("start", t.trading.start)}
            {header("status", t.trading.status)}
            {header("markets", t.trading.markets)}
            {header("held", t.trading.held)}
          </tr>
        </thead>
        <tbody>
          {rows?.map((m) => (
            <tr key={m.id}>
              <td>
                <Link href={`/backoffice/trading/${m.id}`}>{m.name}</Link>
              </td>
              <td>{m.sport}</td>
              <td>{m.tournament}</td>
              <td>{staffDateTime(m.start_time)}</td>
              <td>{t.matchStatus[String(m.status)]}</td>
              <td className="bo-num">{m.markets}</td>
              <td>{m.held ? t.trading.held : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 && <p>{t.trading.none}</p>}
    </section>
  );
}
