/**
 * A player as other players see them on a public list (jackpot winners, a tournament's leaderboard):
 * the start of their address and the rest hidden, or their number when the address is too short.
 */
export function maskedPlayerName(email: string | null, playerId: number): string {
  const local = email?.split("@")[0] ?? "";
  return local.length >= 2 ? `${local.slice(0, 2)}***` : `#${playerId}`;
}
