"use client";
import type { TicketBet } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { isPanelDocked } from "./docked";
import type { SlipEngine } from "./slip-engine";

/**
 * SPEC §2/§4 custom-bet ticket modal: a bet builder bet that starts the slip is shown as the ticket
 * it became (its legs and the one builder price), with the way on to the slip to stake it. On a
 * wide screen the docked slip beside the page already shows it, so the modal only opens where the
 * slip is the bottom sheet.
 */
export function CustomBetTicket({ engine }: { engine: SlipEngine }) {
  const t = useTranslations("slip.custom-bet-ticket");
  const { format } = useOddsFormat();
  const [bet, setBet] = useState<TicketBet | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(
    () =>
      engine.onModal((m) => {
        if (m.modal !== "custom-bet-ticket" || !m.bet || isPanelDocked()) return;
        setBet(m.bet);
      }),
    [engine],
  );
  useEffect(() => {
    if (bet && ref.current && !ref.current.open) ref.current.showModal?.();
  }, [bet]);
  if (!bet || bet.customOdds === undefined) return null;
  const first = bet.selections[0];
  const match = first?.nameB ? `${first.nameA} – ${first.nameB}` : (first?.nameA ?? "");
  return (
    <dialog
      ref={ref}
      className="modal"
      data-modal="custom-bet-ticket"
      aria-labelledby="custom-bet-ticket-title"
      onClose={() => setBet(null)}
    >
      <div className="modal-body">
        <h2 id="custom-bet-ticket-title">{t("title")}</h2>
        <p>{match}</p>
        <ul aria-label={t("legs")}>
          {bet.selections.map((s) => (
            <li key={s.id}>
              <strong>{s.outcomeName}</strong> · {s.marketName}
            </li>
          ))}
        </ul>
        <p>
          {t("price")}{" "}
          <strong data-custom-odds={bet.customOdds}>{displayOdds(bet.customOdds, format)}</strong>
        </p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {t("keep-building")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              ref.current?.close();
              // the panel opens (the sheet expands) on the slip's tab
              engine.openPanel("BET_SLIP");
            }}
          >
            {t("to-slip")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
