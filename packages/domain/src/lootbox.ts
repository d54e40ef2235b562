/**
 * Lootboxes (SPEC §3 lootbox place keys): bets farm points as for a hunting; reaching a place's
 * points opens its key, which is drawn once as a win (the place's prize freebet) or a loss. Up to
 * three places, 1st to 3rd, each with its own points, chance and prize.
 */
export const LOOTBOX_PLACES = ["1st", "2nd", "3rd"] as const;
export type LootboxPlace = (typeof LOOTBOX_PLACES)[number];

/** What opening a place's key gave: SPEC §3's 1st/2nd/3rd place win or lose. */
export const LOOTBOX_PLACE_KEYS = LOOTBOX_PLACES.flatMap(
  (p) => [`${p}_place_win`, `${p}_place_lose`] as const,
);
export type LootboxPlaceKey = `${LootboxPlace}_place_${"win" | "lose"}`;

/** Basis points: a chance of 10,000 always wins. */
export const CHANCE_SCALE = 10_000;

export interface LootboxPlaceRule {
  /** Points at which the key opens. */
  readonly points: number;
  /** Chance of a win, in basis points. */
  readonly chanceBp: number;
}

/** The key a place opened with. */
export function placeKey(index: number, won: boolean): LootboxPlaceKey {
  const place = LOOTBOX_PLACES[index];
  if (place === undefined) throw new RangeError(`a lootbox has ${LOOTBOX_PLACES.length} places`);
  return `${place}_place_${won ? "win" : "lose"}`;
}

/** The place a key belongs to (its index), and whether it won. */
export function readPlaceKey(key: string): { index: number; won: boolean } | undefined {
  const index = LOOTBOX_PLACES.findIndex((p) => key === `${p}_place_win` || key === `${p}_place_lose`);
  return index < 0 ? undefined : { index, won: key.endsWith("_win") };
}

/**
 * The places whose keys open now: reached by `points` and not opened before (`opened` holds the
 * keys already drawn), in order.
 */
export function placesToOpen(
  places: readonly LootboxPlaceRule[],
  opened: readonly string[],
  points: number,
): number[] {
  const done = new Set(opened.map((k) => readPlaceKey(k)?.index));
  return places.flatMap((p, i) => (points >= p.points && !done.has(i) ? [i] : []));
}

/** A draw: `roll` is uniform in [0, CHANCE_SCALE); the place wins below its chance. */
export function drawWins(rule: LootboxPlaceRule, roll: number): boolean {
  return roll < rule.chanceBp;
}
