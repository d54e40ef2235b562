"use client";

import type { PlayerDetail } from "@sportsbook/contracts";
import { BET_LIST_FILTERS } from "@sportsbook/domain";
import { PlayerTable } from "./PlayerTable";
import { moneyOf, odds, when } from "./player-detail";
import { t } from "./strings";

/** What the player did and was given: bets (filtered), transactions, adjustments, sessions, bonuses. */
export function PlayerHistory({
  detail,
  betFilter,
  setBetFilter,
}: {
  detail: PlayerDetail;
  betFilter: string;
  setBetFilter: (filter: string) => void;
}) {
  const d = detail;
  const fmt = moneyOf(detail);
  return (
    <>
      <h2>{t.players.bets}</h2>
      <label className="bo-inline-form">
        {t.players.betFilter}
        <select value={betFilter} onChange={(e) => setBetFilter(e.target.value)}>
          {BET_LIST_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t.players.betFilters[f]}
            </option>
          ))}
        </select>
      </label>
      <PlayerTable
        label={t.players.bets}
        numeric={[t.players.stake, t.players.odds, t.players.win]}
        head={[
          t.players.placed,
          t.players.ref,
          t.players.type,
          t.players.status,
          t.players.result,
          t.players.stake,
          t.players.odds,
          t.players.win,
        ]}
        rows={d.bets.map((b) => [
          when(b.created_at),
          b.ref,
          b.type,
          b.status,
          b.result,
          fmt(b.stake, b.currency),
          odds(b.odds),
          b.win_amount === null ? "—" : fmt(b.win_amount, b.currency),
        ])}
      />

      <h2>{t.players.transactions}</h2>
      <PlayerTable
        label={t.players.transactions}
        numeric={[t.players.amount, t.players.after]}
        head={[t.players.when, t.players.kind, t.players.amount, t.players.after, t.players.reference]}
        rows={d.transactions.map((x) => [
          when(x.created_at),
          x.kind,
          fmt(x.amount, x.currency),
          fmt(x.balance_after, x.currency),
          x.reference,
        ])}
      />

      <h2>{t.players.adjustments}</h2>
      <PlayerTable
        label={t.players.adjustments}
        numeric={[t.players.amount]}
        head={[
          t.players.when,
          t.players.amount,
          t.players.reason,
          t.players.status,
          t.players.requestedBy,
          t.players.decidedBy,
        ]}
        rows={d.adjustments.map((a) => [
          when(a.created_at),
          fmt(a.amount, a.currency),
          a.reason,
          a.status,
          a.requested_by,
          a.decided_by ?? "—",
        ])}
      />

      <h2>{t.players.sessions}</h2>
      <PlayerTable
        label={t.players.sessions}
        head={[t.players.started, t.players.lastSeen, t.players.ended, t.players.ip, t.players.device]}
        rows={d.sessions.map((s) => [
          when(s.created_at),
          when(s.last_seen_at),
          s.revoked ? t.players.yes : t.players.no,
          s.ip ?? "—",
          s.user_agent ?? "—",
        ])}
      />

      <h2>{t.players.bonuses}</h2>
      <PlayerTable
        label={t.players.bonuses}
        head={[t.players.name, t.players.type, t.players.placed, t.players.expires]}
        rows={d.bonuses.map((b) => [b.name, b.type, when(b.issued_at), when(b.expires_at)])}
      />
    </>
  );
}
