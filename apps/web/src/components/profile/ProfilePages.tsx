"use client";
import dynamic from "next/dynamic";
import { usePlayer } from "../../player/player-context";
import { ProfileLoading } from "./ProfileLoading";

/** The profile page's code, loaded in the browser only. */
export const ProfilePage = dynamic(() => import("./ProfilePanel").then((m) => m.ProfilePanel), {
  ssr: false,
  loading: ProfileLoading,
});
const RequiredDialogs = dynamic(() => import("./RequiredDialogs").then((m) => m.RequiredDialogs), {
  ssr: false,
});

/** The required-fields and phone-verification modals, whose code a visitor never downloads. */
export function RequiredDialogsLazy() {
  return usePlayer().status === "logged_in" ? <RequiredDialogs /> : null;
}
