"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { usePlayer, usePlayerStore } from "./PlayerProvider";

/** SPEC §8: a session that ended under the player (401) signs them out and says so. */
export function SessionEndedDialog() {
  const { sessionEnded } = usePlayer();
  const store = usePlayerStore();
  const t = useTranslations("player");
  const tb = useTranslations("button");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (sessionEnded && d && !d.open) d.showModal?.();
  }, [sessionEnded]);
  if (!sessionEnded) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      data-modal="session-ended"
      aria-labelledby="session-ended-title"
      onClose={() => store.acknowledgeSessionEnded()}
    >
      <div className="modal-body">
        <h2 id="session-ended-title">{t("session-ended.title")}</h2>
        <p>{t("session-ended.description")}</p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {t("session-ended.close")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              ref.current?.close();
              window.location.hash = "sign-in";
            }}
          >
            {tb("sign-in")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
