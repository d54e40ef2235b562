"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { usePlayer, usePlayerStore } from "./player-context";

/** The SPEC §2 modal of each way a session ends under the player. */
const MODAL = {
  expired: "session-ended",
  session_limit: "out-of-session-limit",
  activity_limit: "activity-limit-reached",
} as const;

/**
 * SPEC §8: a session that ended under the player (401) signs them out and says so; a session or
 * activity limit that ended it has its own modal, which names the limit.
 */
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
      data-modal={MODAL[sessionEnded]}
      aria-labelledby="session-ended-title"
      onClose={() => store.acknowledgeSessionEnded()}
    >
      <div className="modal-body">
        <h2 id="session-ended-title">{t(`${MODAL[sessionEnded]}.title`)}</h2>
        <p>{t(`${MODAL[sessionEnded]}.description`)}</p>
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
