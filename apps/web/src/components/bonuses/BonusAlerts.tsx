"use client";
import { bonusesResponseSchema } from "@sportsbook/contracts/http/bonuses";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { apiFetch } from "../../lib/client-api";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { markBonusesSeen } from "./bonus-api";

/**
 * Bonus alerts (SPEC §5): a bonus the signed-in player has not seen yet, or one issued now, is
 * announced once and marked seen; the alerts close when the player signs out.
 */
export function BonusAlerts() {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const alerts = useAlerts();
  const player = usePlayer();
  const shown = useRef(new Map<number, number>());
  const title = t("new-bonus");

  const announce = useRef<(bonusId: number, name: string) => void>(() => undefined);
  announce.current = (bonusId, name) => {
    if (shown.current.has(bonusId)) return;
    shown.current.set(bonusId, alerts.push({ kind: "success", title, description: name }));
    markBonusesSeen([bonusId], locale).catch((err: unknown) =>
      console.error("marking a bonus seen failed", err),
    );
  };

  // Once per sign-in: bonuses issued later arrive as bonus_issued.
  useEffect(() => {
    if (player.status !== "logged_in") return;
    const tell = announce.current;
    apiFetch("/bonuses?is_unseen=true&is_available=true", { locale })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /bonuses answered ${res.status}`);
        for (const b of bonusesResponseSchema.parse(await res.json()).data) tell(b.id, b.name);
      })
      .catch((err: unknown) => console.error("reading unseen bonuses failed", err));
  }, [player.status, locale]);

  // Mounted only while signed in: signing out unmounts it, which closes its alerts.
  useEffect(() => {
    const ids = shown.current;
    return () => {
      for (const id of ids.values()) alerts.remove(id);
      ids.clear();
    };
  }, [alerts]);

  useUserEvents((event) => {
    if (event.type === "bonus_issued") announce.current(Number(event.bonus_id), event.name);
  });
  return null;
}
