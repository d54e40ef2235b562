"use client";
import { type GameApp, launchResponseSchema } from "@sportsbook/contracts/http/games";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import styles from "./GameFrame.module.css";

/**
 * An additional product's game (SPEC §3 additional_providers), launched through the provider's
 * `POST /{provider}/launch` (SPEC §7) and shown in a frame; launched again when the player signs in
 * or out, so the game plays for whoever is signed in.
 */
export function GameFrame({ provider, app, title }: { provider: string; app: GameApp; title: string }) {
  const t = useTranslations("global-error.default");
  const player = usePlayer();
  const [launch, setLaunch] = useState<{ url: string } | { failed: true } | null>(null);
  const who = player.status === "logged_in" ? (player.profile?.id ?? null) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: who plays is the trigger of a new launch.
  useEffect(() => {
    let current = true;
    setLaunch(null);
    apiFetch(`/${encodeURIComponent(provider)}/launch`, { method: "POST", ...jsonBody({ app }) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return launchResponseSchema.parse(await res.json()).data.url;
      })
      .then((url) => {
        if (current) setLaunch({ url });
      })
      .catch((e: unknown) => {
        reportFailure(`launching ${app} of ${provider}`, e);
        if (current) setLaunch({ failed: true });
      });
    return () => {
      current = false;
    };
  }, [provider, app, who]);
  if (launch && "failed" in launch)
    return (
      <p className="notice" role="alert">
        {t("description")}
      </p>
    );
  return launch ? (
    <iframe
      className={styles.frame}
      src={launch.url}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  ) : (
    <div className={styles.frame} aria-busy="true" />
  );
}
