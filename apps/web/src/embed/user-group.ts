import type { AuthStatus } from "../player/player-store";

export interface UserGroup {
  statuses: readonly string[];
  redirectUrl: string;
}

/**
 * SPEC §6: whether the user-group checker sends this visitor away. It waits for the auth status; a
 * visitor is outside every group, a player inside when holding one of the group's statuses.
 */
export function outsideUserGroup(
  group: UserGroup | undefined,
  status: AuthStatus,
  statuses: readonly string[],
): boolean {
  if (!group) return false;
  if (status === "not_logged_in") return true;
  if (status !== "logged_in") return false;
  return !statuses.some((s) => group.statuses.includes(s));
}
