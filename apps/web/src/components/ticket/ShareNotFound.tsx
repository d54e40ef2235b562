"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { SlipEngine } from "./slip-engine";

type Reason = "share_not_found" | "share_empty" | "share_failed";

/**
 * SPEC §8 share-bet modals: the link names no slip (not found), its slip has nothing left to bet on
 * (try another bet), or it could not be read now (try later).
 */
export function ShareNotFound({ engine }: { engine: SlipEngine }) {
  const t = useTranslations("slip.share");
  const [reason, setReason] = useState<Reason | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(
    () =>
      engine.onModal(({ modal, reason: r }) => {
        if (modal !== "share-bet-not-found") return;
        setReason(r === "share_empty" || r === "share_failed" ? r : "share_not_found");
      }),
    [engine],
  );
  useEffect(() => {
    if (reason && ref.current && !ref.current.open) ref.current.showModal?.();
  }, [reason]);
  if (!reason) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      data-modal="share-bet-not-found"
      data-reason={reason}
      aria-labelledby="share-not-found-title"
      onClose={() => setReason(null)}
    >
      <div className="modal-body">
        <h2 id="share-not-found-title">{t(`${reason}.title`)}</h2>
        <p>{t(`${reason}.description`)}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => ref.current?.close()}>
            {t("close")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
