"use client";
import dynamic from "next/dynamic";
import { usePlayer } from "../../player/player-context";

const JackpotHitModal = dynamic(() => import("./JackpotHitModal").then((m) => m.JackpotHitModal), {
  ssr: false,
});

/** The hit modal is a signed-in player's, on a site with jackpots: a visitor never downloads its code. */
export function JackpotHitLazy({ enabled }: { enabled: boolean }) {
  const player = usePlayer();
  return enabled && player.status === "logged_in" ? <JackpotHitModal /> : null;
}
