"use client";
import dynamic from "next/dynamic";

// The jackpots' live parts, which keep what the server rendered current, in blocks the default
// layout does not place: behind dynamic imports they stay out of every page's first load (see
// blocks/BlocksLazy.tsx for why).

const Nothing = () => null;

export const JackpotLive = dynamic(() => import("./JackpotLive").then((m) => m.JackpotLive), {
  loading: Nothing,
});
export const JackpotHits = dynamic(() => import("./JackpotHits").then((m) => m.JackpotHits), {
  loading: Nothing,
});
