const listeners = new Set<() => void>();

/**
 * Told when the player's bonuses change in this tab (one activated, boosted, a promo code
 * redeemed), so the slip reads again which bonuses its bets may use.
 */
export function onBonusesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceBonusesChanged(): void {
  for (const l of listeners) l();
}
