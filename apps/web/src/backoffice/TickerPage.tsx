"use client";

import type { BetTickerEvent } from "@sportsbook/contracts/bet-ticker";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { formatMinor, STAFF_LOCALE } from "./money";
import { t } from "./strings";
import { openTicker, type TickerState } from "./ticker-client";
import { NO_FILTER, passes, stakeBoundUnreadable, type TickerFilter } from "./ticker-filter";

/** Entries kept on the page; older ones drop off the bottom. */
const TICKER_KEEP = 500;

const money = (minor: number, e: BetTickerEvent) =>
  formatMinor(minor, e.currency, [{ code: e.currency, subunits: e.subunits, fiat: true }]);

/** Bets placed, cashed out and settled as they happen, newest first, with the trader's filters. */
export function TickerPage() {
  const [entries, setEntries] = useState<BetTickerEvent[]>([]);
  const [state, setState] = useState<TickerState>("connecting");
  const [filter, setFilter] = useState<TickerFilter>(NO_FILTER);
  useEffect(() => openTicker((e) => setEntries((list) => [e, ...list].slice(0, TICKER_KEEP)), setState), []);
  const sports = useMemo(() => distinct(entries, (l) => [l.sport_id, l.sport_name]), [entries]);
  const matches = useMemo(() => distinct(entries, (l) => [l.match_id, l.match_name]), [entries]);
  const shown = entries.filter((e) => passes(e, filter));
  const set = (patch: Partial<TickerFilter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <section>
      <h1>{t.ticker.title}</h1>
      <p>{t.ticker.intro}</p>
      <p role="status">{t.ticker.states[state]}</p>
      <form className="bo-inline-form" aria-label={t.ticker.filters} onSubmit={(ev) => ev.preventDefault()}>
        <label>
          {t.ticker.sport}
          <select value={filter.sportId} onChange={(ev) => set({ sportId: ev.target.value })}>
            <option value="">{t.ticker.any}</option>
            {sports.map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.ticker.match}
          <select value={filter.matchId} onChange={(ev) => set({ matchId: ev.target.value })}>
            <option value="">{t.ticker.any}</option>
            {matches.map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.ticker.player}
          <input
            inputMode="numeric"
            value={filter.playerId}
            onChange={(ev) => set({ playerId: ev.target.value })}
          />
        </label>
        <label>
          {t.ticker.stakeAbove}
          <input
            inputMode="decimal"
            value={filter.stakeAbove}
            aria-invalid={stakeBoundUnreadable(filter.stakeAbove)}
            onChange={(ev) => set({ stakeAbove: ev.target.value })}
          />
          {stakeBoundUnreadable(filter.stakeAbove) && (
            <small className="bo-error">{t.ticker.notAnAmount}</small>
          )}
        </label>
        <label>
          <input
            type="checkbox"
            checked={filter.liveOnly}
            onChange={(ev) => set({ liveOnly: ev.target.checked })}
          />
          {t.ticker.liveOnly}
        </label>
      </form>
      {shown.length === 0 ? (
        <p>{entries.length === 0 ? t.ticker.none : t.ticker.noneShown}</p>
      ) : (
        <table className="bo-table" aria-label={t.ticker.table}>
          <thead>
            <tr>
              <th scope="col">{t.ticker.time}</th>
              <th scope="col">{t.ticker.event}</th>
              <th scope="col">{t.ticker.bet}</th>
              <th scope="col">{t.ticker.player}</th>
              <th scope="col">{t.ticker.selections}</th>
              <th scope="col">{t.ticker.stake}</th>
              <th scope="col">{t.ticker.amount}</th>
              <th scope="col">{t.ticker.status}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={`${e.kind}-${e.bet_id}-${e.at}`}>
                <td>{new Date(e.at).toLocaleTimeString(STAFF_LOCALE)}</td>
                <td>{t.ticker.kinds[e.kind]}</td>
                <th scope="row">{e.bet_ref}</th>
                <td>
                  <Link href={`/backoffice/players/${e.player_id}`}>
                    {t.ticker.player} {e.player_id}
                  </Link>
                </td>
                <td>
                  {e.legs.map((l) => (
                    <div key={l.match_id}>
                      {l.sport_name} ·{" "}
                      <Link href={`/backoffice/liabilities/${l.match_id}`}>{l.match_name}</Link>
                      {l.live ? ` · ${t.ticker.live}` : ""}
                    </div>
                  ))}
                </td>
                <td>{money(e.stake, e)}</td>
                <td>{e.amount === null ? "" : money(e.amount, e)}</td>
                <td>{e.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Each sport or match seen in the entries once, by name. */
function distinct(
  entries: readonly BetTickerEvent[],
  pick: (leg: BetTickerEvent["legs"][number]) => [number, string],
): [number, string][] {
  const seen = new Map<number, string>();
  for (const e of entries) for (const l of e.legs) seen.set(...pick(l));
  return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
}
