"use client";

import type { PlayerDetail } from "@sportsbook/contracts";
import { PlayerTable } from "./PlayerTable";
import { moneyOf, when } from "./player-detail";
import { t } from "./strings";

/** Who the player is and what they hold: the profile's facts and a balance per currency. */
export function PlayerProfile({ detail }: { detail: PlayerDetail }) {
  const p = detail.player;
  const fmt = moneyOf(detail);
  return (
    <div>
      <h2>{t.players.profile}</h2>
      <dl className="bo-facts">
        <dt>{t.players.id}</dt>
        <dd>{p.id}</dd>
        <dt>{t.players.name}</dt>
        <dd>{p.name || "—"}</dd>
        <dt>{t.players.phone}</dt>
        <dd>{p.phone ?? "—"}</dd>
        <dt>{t.players.country}</dt>
        <dd>{p.country_code ?? "—"}</dd>
        <dt>{t.players.language}</dt>
        <dd>{p.language}</dd>
        <dt>{t.players.status}</dt>
        <dd data-testid="player-status">{t.playerStatus[p.status]}</dd>
        <dt>{t.players.confirmed}</dt>
        <dd>{p.email_confirmed ? t.players.yes : t.players.no}</dd>
        <dt>{t.players.locked}</dt>
        <dd>{p.locked ? t.players.yes : t.players.no}</dd>
        <dt>{t.players.since}</dt>
        <dd>{when(p.created_at)}</dd>
      </dl>
      <h2>{t.players.balances}</h2>
      <PlayerTable
        label={t.players.balances}
        numeric={[t.players.balance]}
        head={[t.players.currency, t.players.balance]}
        rows={detail.balances.map((b) => [b.currency, fmt(b.balance, b.currency)])}
      />
    </div>
  );
}
