"use client";
import dynamic from "next/dynamic";

// The jackpot leaderboard's live part, which keeps what the server rendered current, in a block the
// default layout does not place: behind a dynamic import it stays out of every page's first load
// (see blocks/BlocksLazy.tsx for why). The banner is on the default home page, so JackpotLive is
// imported as it is: behind a boundary of its own, the server streamed it after the shell and the
// page moved down when it appeared.

const Nothing = () => null;

export const JackpotHits = dynamic(() => import("./JackpotHits").then((m) => m.JackpotHits), {
  loading: Nothing,
});
