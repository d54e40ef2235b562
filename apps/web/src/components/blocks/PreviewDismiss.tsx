"use client";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";

/** SPEC §3 session storage "match preview": the match whose preview the player closed. */
const STORAGE_KEY = "matchPreview";

/** A match preview the player can close for the rest of the session, and open again. */
export function PreviewDismiss({ matchId, children }: { matchId: string; children: ReactNode }) {
  const t = useTranslations("blocks");
  const [closed, setClosed] = useState(false);
  // The close button waits for the page to be live: a press before that would be lost.
  const hydrated = useHydrated();
  useEffect(() => {
    setClosed(sessionStorage.getItem(STORAGE_KEY) === matchId);
  }, [matchId]);
  const toggle = (close: boolean) => {
    setClosed(close);
    if (close) sessionStorage.setItem(STORAGE_KEY, matchId);
    else sessionStorage.removeItem(STORAGE_KEY);
  };
  if (closed)
    return (
      <button type="button" className="btn" data-action="show-preview" onClick={() => toggle(false)}>
        {t("show-preview")}
      </button>
    );
  return (
    <div className="match-preview-card" data-preview={matchId}>
      {children}
      <button
        type="button"
        className="btn"
        data-action="close-preview"
        disabled={!hydrated}
        onClick={() => toggle(true)}
      >
        {t("close")}
      </button>
    </div>
  );
}
