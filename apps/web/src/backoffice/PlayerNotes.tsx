"use client";

import type { PlayerDetail } from "@sportsbook/contracts";
import type { FormEvent } from "react";
import { PlayerTable } from "./PlayerTable";
import { type PlayerActions, when } from "./player-detail";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** The staff's notes on the player, and a form to add one when the member's role opens it. */
export function PlayerNotes({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const { may } = useStaffSession();
  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formEl = event.currentTarget;
    void actions
      .post("/notes", { body: String(new FormData(formEl).get("body") ?? "") }, t.players.done)
      .then(() => formEl.reset());
  };
  return (
    <>
      <h2>{t.players.notes}</h2>
      {may("addPlayerNote") && (
        <form className="bo-inline-form" aria-label={t.players.addNote} onSubmit={addNote}>
          <label>
            {t.players.note}
            <textarea name="body" rows={2} cols={60} />
          </label>
          <button type="submit">{t.players.addNote}</button>
        </form>
      )}
      <PlayerTable
        label={t.players.notes}
        head={[t.players.when, t.players.by, t.players.note]}
        rows={detail.notes.map((n) => [when(n.created_at), n.staff_email, n.body])}
      />
    </>
  );
}
