"use client";
import type { TicketBet } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import styles from "./BetSlip.module.css";
import { shareSlip } from "./share";

/** "Share": stores the slip under a code and offers its link to copy (SPEC §1 shared bet codes). */
export function ShareSlip({ bets }: { bets: readonly TicketBet[] }) {
  const t = useTranslations("slip.share");
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "busy" | "copied" | "failed">("idle");
  return (
    <div className={styles.share}>
      <button
        type="button"
        className="btn"
        data-action="share"
        disabled={status === "busy"}
        onClick={async () => {
          setStatus("busy");
          try {
            setLink(await shareSlip(bets, window.location));
            setStatus("idle");
          } catch (e) {
            reportFailure("sharing the slip", e);
            setStatus("failed");
          }
        }}
      >
        {t("button")}
      </button>
      {link ? (
        <div className={styles.quickRow}>
          <label htmlFor="share-link" className="sr-only">
            {t("link")}
          </label>
          <input
            id="share-link"
            readOnly
            value={link}
            data-share-link
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn"
            onClick={() =>
              navigator.clipboard
                ?.writeText(link)
                .then(() => setStatus("copied"))
                .catch(() => setStatus("failed"))
            }
          >
            {t("copy")}
          </button>
        </div>
      ) : null}
      <p className={styles.hint} role="status">
        {status === "copied" ? t("copied") : status === "failed" ? t("failed") : ""}
      </p>
    </div>
  );
}
