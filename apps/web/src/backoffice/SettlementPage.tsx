"use client";

import type {
  SettlementConflictView,
  settlementConflictsSchema,
  settlementMatchesSchema,
} from "@sportsbook/contracts";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { SettlementConflicts } from "./SettlementConflicts";
import { useStaffSession } from "./session";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Matches = z.infer<typeof settlementMatchesSchema>;
type Conflicts = z.infer<typeof settlementConflictsSchema>;

/** The settlement desk's start: the feed's conflicts waiting for a trader, and matches to settle by hand. */
export function SettlementPage() {
  const [query, setQuery] = useState(new URLSearchParams());
  const { data, error } = useLoad<Matches>(`/settlement/matches?${query}`);
  const { rows, header } = useSortable(data?.data, {
    name: (m) => m.name,
    sport: (m) => m.sport,
    tournament: (m) => m.tournament,
    start: (m) => m.start_time,
    status: (m) => m.status,
    bets: (m) => m.open_bets,
    conflicts: (m) => m.open_conflicts,
  });
  const conflicts = useLoad<Conflicts>("/settlement/conflicts");
  const { may } = useStaffSession();
  const [problem, setProblem] = useState<string>();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setQuery(new URLSearchParams(q ? { q } : {}));
  };
  const decide = (c: SettlementConflictView, decision: "accept" | "reject") => {
    setProblem(undefined);
    boFetch(`/settlement/conflicts/${c.id}`, { method: "POST", body: { decision } }).then(
      () => conflicts.reload(),
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <section>
      <h1>{t.settlement.title}</h1>
      <h2>{t.settlement.openConflicts}</h2>
      <Problem>{conflicts.error ?? problem}</Problem>
      {conflicts.data && (
        <SettlementConflicts
          conflicts={conflicts.data.data}
          canDecide={may("decideSettlementConflict")}
          decide={decide}
          withMatch
        />
      )}
      <h2>{t.settlement.matches}</h2>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.settlement.search}>
        <label>
          {t.settlement.search}
          <input name="q" type="search" />
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
            {header("bets", t.settlement.openBets)}
            {header("conflicts", t.settlement.conflicts)}
          </tr>
        </thead>
        <tbody>
          {rows?.map((m) => (
            <tr key={m.id}>
              <td>
                <Link href={`/backoffice/settlement/${m.id}`}>{m.name}</Link>
              </td>
              <td>{m.sport}</td>
              <td>{m.tournament}</td>
              <td>{staffDateTime(m.start_time)}</td>
              <td>{t.matchStatus[String(m.status)]}</td>
              <td className="bo-num">{m.open_bets}</td>
              <td className="bo-num">{m.open_conflicts}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 && <p>{t.settlement.none}</p>}
    </section>
  );
}
