"use client";
import dynamic from "next/dynamic";
import { usePlayer } from "../../player/player-context";

/** Signed-in player's parts, loaded in the browser only (never in the server's rendering). */
export const LimitsPage = dynamic(() => import("./LimitsPanel").then((m) => m.LimitsPanel), { ssr: false });
const SessionWatch = dynamic(() => import("./SessionWatch").then((m) => m.SessionWatch), { ssr: false });

/** The session's responsible-gambling checks, whose code a visitor never downloads. */
export function SessionWatchLazy() {
  return usePlayer().status === "logged_in" ? <SessionWatch /> : null;
}
