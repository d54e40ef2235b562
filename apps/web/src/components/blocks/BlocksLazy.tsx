"use client";
import dynamic from "next/dynamic";

// Client parts of blocks the default layout does not place (here a scoreboard, which keeps what the
// server rendered current; the jackpots' and promotions' beside their own components). The layout
// and the pages render every block kind through BlockList, and Next loads all the client components
// a layout or page could render with its first one; behind dynamic imports these stay out of every
// page's first load. A page that places one renders it on the server as before and preloads its
// chunk with the HTML; the `loading` option gives each a Suspense boundary of its own, so the rest
// of the page hydrates without waiting for it, and the block itself a moment later.
// Blocks a visitor may press as the page appears (modal, prediction, match preview, chat, profile,
// selection bar) stay in the first load: a click on a boundary still waiting for its code is lost.

const Nothing = () => null;

export const Scoreboard = dynamic(() => import("../match/Scoreboard").then((m) => m.Scoreboard), {
  loading: Nothing,
});
