"use client";
import { MyBetsList } from "./MyBetsList";

/** The My bets tab of the side panel (SPEC §2). */
export default function MyBetsPanel() {
  return <MyBetsList />;
}
