"use client";

import type { PlayerDetail } from "@sportsbook/contracts";
import { parseAmount } from "@sportsbook/domain";
import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { type PlayerActions, playerCurrency } from "./player-detail";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** Blocking, unblocking, closing and a forced password reset, each with the reason typed. */
function AccountForm({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const { may } = useStaffSession();
  const [reason, setReason] = useState("");
  const p = detail.player;
  const setStatus = (status: "active" | "blocked" | "closed") => {
    if (status === "closed" && !window.confirm(t.players.closeConfirm)) return;
    void actions.post("/status", { status, reason }, t.players.done);
  };
  return (
    <form className="bo-form" aria-label={t.players.account} onSubmit={(e) => e.preventDefault()}>
      <h2>{t.players.account}</h2>
      <label>
        {t.players.reason}
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t.players.reasonHint}
        />
      </label>
      <div className="bo-actions">
        {may("setPlayerStatus") && p.status === "active" && (
          <button type="button" onClick={() => setStatus("blocked")}>
            {t.players.block}
          </button>
        )}
        {may("setPlayerStatus") && p.status === "blocked" && (
          <button type="button" onClick={() => setStatus("active")}>
            {t.players.unblock}
          </button>
        )}
        {may("setPlayerStatus") && p.status !== "closed" && (
          <button type="button" className="bo-danger" onClick={() => setStatus("closed")}>
            {t.players.close}
          </button>
        )}
        {may("forcePasswordReset") && p.status !== "closed" && (
          <button
            type="button"
            onClick={() => void actions.post("/password-reset", { reason }, t.players.done)}
          >
            {t.players.passwordReset}
          </button>
        )}
      </div>
    </form>
  );
}

/** A credit or debit to the player's balance; a large one waits for a second member's approval. */
function AdjustmentForm({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const p = detail.player;
  const adjust = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = parseAmount(String(form.get("amount") ?? ""), playerCurrency(detail), { min: 1 });
    if (!parsed.ok) return actions.fail(`${t.players.amount}: ${parsed.error.message}`);
    const sign = form.get("direction") === "debit" ? -1 : 1;
    void actions.act(async () => {
      const answer = await boFetch<{ data: { status: string } }>(`${actions.base}/adjustments`, {
        method: "POST",
        body: { amount: sign * parsed.value.amount, reason: String(form.get("reason") ?? "") },
      });
      return answer.data.status === "pending" ? t.players.pending : t.players.adjusted;
    });
  };
  return (
    <form className="bo-form" aria-label={t.players.adjust} onSubmit={adjust}>
      <h2>{t.players.adjust}</h2>
      <label>
        {t.players.direction}
        <select name="direction" defaultValue="credit">
          <option value="credit">{t.players.credit}</option>
          <option value="debit">{t.players.debit}</option>
        </select>
      </label>
      <label>
        {t.players.amount} ({p.currency})
        <input name="amount" inputMode="decimal" required />
      </label>
      <label>
        {t.players.reason}
        <input name="reason" placeholder={t.players.reasonHint} />
      </label>
      <button type="submit">{t.players.adjustSubmit}</button>
    </form>
  );
}

/** The account actions the member's role opens. */
export function PlayerAccountForms({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const { may } = useStaffSession();
  return (
    <div>
      {(may("setPlayerStatus") || may("forcePasswordReset")) && (
        <AccountForm detail={detail} actions={actions} />
      )}
      {may("requestAdjustment") && <AdjustmentForm detail={detail} actions={actions} />}
    </div>
  );
}
