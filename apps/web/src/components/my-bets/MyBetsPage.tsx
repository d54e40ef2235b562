"use client";
import dynamic from "next/dynamic";

/** The list loads in the browser only: it is the signed-in player's, never the server's rendering. */
export const MyBetsPage = dynamic(() => import("./MyBetsList").then((m) => m.MyBetsList), { ssr: false });
