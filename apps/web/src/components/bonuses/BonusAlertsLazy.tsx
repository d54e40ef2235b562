"use client";
import dynamic from "next/dynamic";
import { usePlayer } from "../../player/player-context";

const BonusAlerts = dynamic(() => import("./BonusAlerts").then((m) => m.BonusAlerts), { ssr: false });

/** Bonus alerts are a signed-in player's: a visitor never downloads their code. */
export function BonusAlertsLazy() {
  return usePlayer().status === "logged_in" ? <BonusAlerts /> : null;
}
