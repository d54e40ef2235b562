"use client";
import dynamic from "next/dynamic";

/** The bet builder loads in the browser after the page: its markets are already on the page. */
export const BetBuilderLazy = dynamic(() => import("./BetBuilder"), { ssr: false });
