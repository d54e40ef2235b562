"use client";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { EarlyScript } from "../shell/EarlyScript";

/** SPEC §3 session storage "match preview": the match whose preview the player closed. */
const STORAGE_KEY = "matchPreview";

/**
 * Swaps the server-rendered preview for its "show" button before the first paint when the player
 * closed this match's preview earlier in the session, which only the browser knows: otherwise the
 * preview is painted and then collapses as the page comes alive.
 */
const closeEarly = (matchId: string) =>
  `try{if(sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)})===${JSON.stringify(matchId)}){var s=document.currentScript.previousElementSibling;s.hidden=false;s.previousElementSibling.hidden=true}}catch(e){}`;

/**
 * A match preview the player can close for the rest of the session, and open again. Both the preview
 * and its "show" button are always rendered, one of them hidden, so the script above can swap them.
 */
export function PreviewDismiss({
  matchId,
  nonce,
  children,
}: {
  matchId: string;
  nonce?: string;
  children: ReactNode;
}) {
  const t = useTranslations("blocks");
  const [closed, setClosed] = useState(false);
  // Its buttons wait for the page to be live: a press before that would be lost.
  const hydrated = useHydrated();
  useEffect(() => {
    setClosed(sessionStorage.getItem(STORAGE_KEY) === matchId);
  }, [matchId]);
  const toggle = (close: boolean) => {
    setClosed(close);
    if (close) sessionStorage.setItem(STORAGE_KEY, matchId);
    else sessionStorage.removeItem(STORAGE_KEY);
  };
  return (
    <>
      <div className="match-preview-card" data-preview={matchId} hidden={closed} suppressHydrationWarning>
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
      <button
        type="button"
        className="btn"
        data-action="show-preview"
        hidden={!closed}
        disabled={!hydrated}
        suppressHydrationWarning
        onClick={() => toggle(false)}
      >
        {t("show-preview")}
      </button>
      <EarlyScript code={closeEarly(matchId)} nonce={nonce} />
    </>
  );
}
