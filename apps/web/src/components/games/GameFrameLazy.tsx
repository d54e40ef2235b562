"use client";
import dynamic from "next/dynamic";

// Every fixed list route shares one page module, and Next loads all the client components a page
// could render with its first one: the game frame, with its schema library, was in the first load
// of live, schedule, results and the rest, though only a section whose product the operator turns
// on shows it. Behind a dynamic import it loads only on such a page (rendered on the server as
// before, its chunk preloaded with the HTML).
export const GameFrame = dynamic(() => import("./GameFrame").then((m) => m.GameFrame), {
  loading: () => null,
});
