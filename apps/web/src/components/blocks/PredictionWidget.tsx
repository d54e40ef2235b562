"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { usePlayer } from "../../player/player-context";
import { useAlerts } from "../shell/Alerts";
import styles from "./PredictionWidget.module.css";

export type PredictionChoice = "home" | "draw" | "away";

/** The answer a vote's data holds, when it holds one this widget can show. */
function choiceOf(data: Record<string, unknown>): PredictionChoice | undefined {
  const c = data.choice;
  return c === "home" || c === "draw" || c === "away" ? c : undefined;
}

/**
 * The player's prediction for one match: their earlier answer read from GET /vote, a new one cast by
 * POST /vote (a second vote replaces the first). A visitor is asked to sign in first.
 */
export function PredictionWidget({
  predictionId,
  matchId,
  href,
  choices,
}: {
  predictionId: string;
  matchId: number;
  href: string;
  choices: { key: PredictionChoice; label: string; odds: number | null }[];
}) {
  const t = useTranslations("blocks");
  const { status } = usePlayer();
  const { format } = useOddsFormat();
  const alerts = useAlerts();
  const [chosen, setChosen] = useState<PredictionChoice | undefined>();

  useEffect(() => {
    if (status !== "logged_in") {
      setChosen(undefined);
      return;
    }
    let current = true;
    apiFetch("/vote")
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /vote answered ${res.status}`);
        // the schema is fetched with the first answer: a visitor's page carries no validation code
        const { votesResponseSchema } = await import("@sportsbook/contracts/http/vote");
        const vote = votesResponseSchema
          .parse(await res.json())
          .data.find((v) => v.prediction_id === predictionId);
        // a choice the player made while this was read stands: it is newer than the answer
        if (current) setChosen((mine) => mine ?? (vote ? choiceOf(vote.data) : undefined));
      })
      .catch((e: unknown) => reportFailure("reading predictions", e));
    return () => {
      current = false;
    };
  }, [status, predictionId]);

  const vote = async (choice: PredictionChoice) => {
    if (status !== "logged_in") {
      window.location.hash = "sign-in";
      return;
    }
    const before = chosen;
    setChosen(choice);
    const saved = await apiFetch("/vote", {
      method: "POST",
      ...jsonBody({ prediction_id: predictionId, data: { match_id: matchId, choice } }),
    }).then(
      (res) => res.ok,
      (e: unknown) => {
        reportFailure("casting a vote", e);
        return false;
      },
    );
    if (!saved) {
      setChosen(before);
      alerts.push({ kind: "danger", title: t("prediction"), description: t("vote-failed") });
    }
  };

  return (
    <div className={styles.widget} data-prediction={predictionId} data-chosen={chosen ?? ""}>
      <div className={styles.choices}>
        {choices.map((c) => (
          <button
            key={c.key}
            type="button"
            className={`btn ${styles.choice}`}
            data-choice={c.key}
            aria-pressed={chosen === c.key}
            onClick={() => void vote(c.key)}
          >
            <span>{c.label}</span>
            {c.odds === null ? null : <strong>{displayOdds(c.odds, format)}</strong>}
          </button>
        ))}
      </div>
      <p className="hint">
        {chosen ? t("voted") : status === "logged_in" ? t("vote-hint") : t("sign-in-to-vote")}{" "}
        <Link href={href} prefetch={false}>
          {t("to-match")}
        </Link>
      </p>
    </div>
  );
}
