"use client";
import { bonusesResponseSchema } from "@sportsbook/contracts/http/bonuses";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { apiFetch } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { markBonusesSeen } from "./bonus-api";

/**
 * Bonus alerts (SPEC §5): a bonus the signed-in player has not seen yet, or one issued now, is
 * announced once and marked seen; the alerts close when the player signs out. Bonuses announced
 * together (a new player's first look issues every sign-up bonus at once, each told by its own
 * event) share one alert, named together.
 */
/** Bonuses told within this long of each other share an alert. */
const ANNOUNCE_GATHER_MS = 300;

export function BonusAlerts() {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const alerts = useAlerts();
  const player = usePlayer();
  const shown = useRef(new Map<number, number>());

  const pending = useRef(new Map<number, string>());
  const flushTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useRef<() => void>(() => undefined);
  flush.current = () => {
    const fresh = [...pending.current]
      .map(([id, name]) => ({ id, name }))
      .filter((b) => !shown.current.has(b.id));
    pending.current.clear();
    if (fresh.length === 0) return;
    const title = fresh.length === 1 ? t("new-bonus") : t("new-bonuses", { count: fresh.length });
    const alert = alerts.push({ kind: "success", title, description: fresh.map((b) => b.name).join(" · ") });
    for (const b of fresh) shown.current.set(b.id, alert);
    markBonusesSeen(
      fresh.map((b) => b.id),
      locale,
    ).catch((err: unknown) => reportFailure("marking bonuses seen", err));
  };
  const announce = useRef((bonuses: { id: number; name: string }[]) => {
    for (const b of bonuses) pending.current.set(b.id, b.name);
    clearTimeout(flushTimer.current);
    flushTimer.current = setTimeout(() => flush.current(), ANNOUNCE_GATHER_MS);
  });

  // Once per sign-in: bonuses issued later arrive as bonus_issued.
  useEffect(() => {
    if (player.status !== "logged_in") return;
    const tell = announce.current;
    apiFetch("/bonuses?is_unseen=true&is_available=true", { locale })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /bonuses answered ${res.status}`);
        tell(bonusesResponseSchema.parse(await res.json()).data);
      })
      .catch((err: unknown) => reportFailure("reading unseen bonuses", err));
  }, [player.status, locale]);

  // Mounted only while signed in: signing out unmounts it, which closes its alerts.
  useEffect(() => {
    const ids = shown.current;
    return () => {
      clearTimeout(flushTimer.current);
      for (const id of new Set(ids.values())) alerts.remove(id);
      ids.clear();
    };
  }, [alerts]);

  useUserEvents((event) => {
    if (event.type === "bonus_issued") announce.current([{ id: Number(event.bonus_id), name: event.name }]);
  });
  return null;
}
