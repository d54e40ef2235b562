"use client";

import type { PlayerDetail } from "@sportsbook/contracts";
import Link from "next/link";
import { useState } from "react";
import { PlayerAccountForms } from "./PlayerAccountForms";
import { PlayerHistory } from "./PlayerHistory";
import { PlayerLimits } from "./PlayerLimits";
import { PlayerNotes } from "./PlayerNotes";
import { PlayerProfile } from "./PlayerProfile";
import { Problem } from "./Problem";
import { usePlayerActions } from "./player-detail";
import { t } from "./strings";
import { useLoad } from "./use-load";

/**
 * One player for support and finance: profile, balances, sessions, bets, transactions, limits,
 * bonuses, notes and adjustments, with the account actions the member's role opens.
 */
export function PlayerPage({ playerId }: { playerId: number }) {
  const [betFilter, setBetFilter] = useState("all");
  const { data, error, reload } = useLoad<{ data: PlayerDetail }>(`/players/${playerId}?bets=${betFilter}`);
  const { message, actions } = usePlayerActions(playerId, reload);
  if (error) return <Problem>{error}</Problem>;
  if (!data) return <p className="bo-loading">{t.loading}</p>;
  const d = data.data;
  const p = d.player;
  return (
    <section className="bo-player">
      <p>
        <Link href="/backoffice/players">← {t.players.back}</Link>
      </p>
      <h1>
        {p.email ?? `#${p.id}`} <small>({t.playerStatus[p.status]})</small>
      </h1>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "bo-ok" : "bo-error"}>
          {message.text}
        </p>
      )}
      <div className="bo-columns">
        <PlayerProfile detail={d} />
        <PlayerAccountForms detail={d} actions={actions} />
      </div>
      <PlayerLimits detail={d} actions={actions} />
      <PlayerHistory detail={d} betFilter={betFilter} setBetFilter={setBetFilter} />
      <PlayerNotes detail={d} actions={actions} />
    </section>
  );
}
