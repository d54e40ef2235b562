/**
 * Said on the window when the player's bonuses change in this tab (one activated, a promo code
 * redeemed, one issued), so the slip reads again which bonuses its bets may use.
 */
export const BONUSES_CHANGED = "sb:bonuses-changed";

export function announceBonusesChanged(): void {
  window.dispatchEvent(new Event(BONUSES_CHANGED));
}
