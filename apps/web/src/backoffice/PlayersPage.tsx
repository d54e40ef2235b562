"use client";

import type { PlayerSummary } from "@sportsbook/contracts";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { STAFF_LOCALE } from "./money";
import { Problem } from "./Problem";
import { t } from "./strings";
import { useLoad } from "./use-load";

/** Finds players by e-mail, name, phone or id; each result opens the player's page. */
export function PlayersPage() {
  const [q, setQ] = useState<string | null>(null);
  const { data, error } = useLoad<{ data: PlayerSummary[] }>(
    q === null ? null : `/players?${new URLSearchParams({ q })}`,
  );
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get("q") ?? "").trim());
  };
  return (
    <section>
      <h1>{t.players.title}</h1>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.players.search}>
        <label>
          {t.players.search}
          <input name="q" type="search" placeholder={t.players.searchHint} required />
        </label>
        <button type="submit">{t.players.find}</button>
      </form>
      <Problem>{error}</Problem>
      {data && data.data.length === 0 && <p>{t.players.none}</p>}
      {data && data.data.length > 0 && (
        <table className="bo-table">
          <thead>
            <tr>
              <th>{t.players.id}</th>
              <th>{t.players.email}</th>
              <th>{t.players.name}</th>
              <th>{t.players.phone}</th>
              <th>{t.players.status}</th>
              <th>{t.players.currency}</th>
              <th>{t.players.since}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((p) => (
              <tr key={p.id}>
                <td className="bo-num">{p.id}</td>
                <td>
                  <Link href={`/backoffice/players/${p.id}`}>{p.email ?? `#${p.id}`}</Link>
                </td>
                <td>{p.name || "—"}</td>
                <td>{p.phone ?? "—"}</td>
                <td>{t.playerStatus[p.status]}</td>
                <td>{p.currency}</td>
                <td>{new Date(p.created_at).toLocaleDateString(STAFF_LOCALE)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
