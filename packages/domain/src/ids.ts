declare const matchIdBrand: unique symbol;
declare const marketIdBrand: unique symbol;
declare const outcomeIdBrand: unique symbol;
declare const betIdBrand: unique symbol;

/** A match's id in the catalogue (SPEC §3): a positive integer. */
export type MatchId = number & { readonly [matchIdBrand]: true };
/** A market type's id (the provider's, e.g. 1 for 1x2): a non-negative integer. */
export type MarketId = number & { readonly [marketIdBrand]: true };
/** The provider's outcome id (`1`, `12`, `pre:playerprops:…`): non-empty text. */
export type OutcomeId = string & { readonly [outcomeIdBrand]: true };
/** A placed bet's id: a positive integer. */
export type BetId = number & { readonly [betIdBrand]: true };

/** The longest outcome id a selection may carry (the wire's limit). */
export const MAX_OUTCOME_ID_LENGTH = 200;

/** True for a positive safe integer: the form of match and bet ids. */
function isPositiveId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

export function isMatchId(value: number): value is MatchId {
  return isPositiveId(value);
}

export function isMarketId(value: number): value is MarketId {
  return Number.isSafeInteger(value) && value >= 0;
}

export function isOutcomeId(value: string): value is OutcomeId {
  return value.length > 0 && value.length <= MAX_OUTCOME_ID_LENGTH;
}

export function isBetId(value: number): value is BetId {
  return isPositiveId(value);
}

/** Brands a match id; throws RangeError for anything that is not one. */
export function matchIdFrom(value: number): MatchId {
  if (!isMatchId(value)) throw new RangeError(`not a match id: ${value}`);
  return value;
}

/** Brands a market id; throws RangeError for anything that is not one. */
export function marketIdFrom(value: number): MarketId {
  if (!isMarketId(value)) throw new RangeError(`not a market id: ${value}`);
  return value;
}

/** Brands an outcome id; throws RangeError for anything that is not one. */
export function outcomeIdFrom(value: string): OutcomeId {
  if (!isOutcomeId(value)) throw new RangeError(`not an outcome id: ${JSON.stringify(value)}`);
  return value;
}

/** Brands a bet id; throws RangeError for anything that is not one. */
export function betIdFrom(value: number): BetId {
  if (!isBetId(value)) throw new RangeError(`not a bet id: ${value}`);
  return value;
}

/**
 * The text form of a numeric id: the slip, the live store and URLs key by text because realtime
 * events may name a match by text. The one place a numeric id changes form.
 */
export function idText(id: MatchId | MarketId | BetId): string {
  return String(id);
}

/** Decimal digits only: the text form `idText` gives, nothing `Number` would also read (` 1`, `0x1`, `1e3`). */
const ID_TEXT = /^(0|[1-9]\d*)$/;

function numberOfIdText(text: string): number {
  return ID_TEXT.test(text) ? Number(text) : Number.NaN;
}

/** Reads back a match id from its text form; throws RangeError for text that is not one. */
export function matchIdOfText(text: string): MatchId {
  return matchIdFrom(numberOfIdText(text));
}

/** Reads back a market id from its text form; throws RangeError for text that is not one. */
export function marketIdOfText(text: string): MarketId {
  return marketIdFrom(numberOfIdText(text));
}
