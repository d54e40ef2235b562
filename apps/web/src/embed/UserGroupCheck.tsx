"use client";
import { useEffect } from "react";
import { usePlayer } from "../player/player-context";
import { outsideUserGroup, type UserGroup } from "./user-group";

/** Sends visitors and players outside the configured group to the platform's front end (SPEC §6). */
export function UserGroupCheck({ group }: { group: UserGroup }) {
  const player = usePlayer();
  const away = outsideUserGroup(group, player.status, player.profile?.statuses ?? []);
  useEffect(() => {
    if (away) window.location.replace(group.redirectUrl);
  }, [away, group.redirectUrl]);
  return null;
}
