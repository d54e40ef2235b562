import { errorCatalogue } from "./errors.js";

/**
 * How the slip reads a refused placement (SPEC §5 server validation codes, §8 bet errors): the codes
 * are the catalogue's, so the slip and the API cannot disagree on a number.
 */
const { invalidOdds, invalidOddsCustomBet, placeBetsDefault } = errorCatalogue;

/**
 * Reasons SPEC §5 names for the wrong-odds flag. The API sends the numeric code and, per bet, only
 * `odds_different_than_bookmaker`; the others are kept because SPEC lists them for other back ends.
 */
export const WRONG_ODDS_REASONS = [
  "odds_different_than_bookmaker",
  "odds_higher_than_bookmakers",
  "odds_to_low",
  "odds_higher_than_bookmakers_current_odds",
  "invalid_odds",
] as const;

/** The i18n key the slip shows for a refusal's code or reason (SPEC §8 bet errors). */
export function placeErrorMessage(code: string | number | undefined): string {
  const text = code === undefined ? undefined : String(code);
  if (text === String(invalidOdds.code) || text === "invalid_odds") return invalidOdds.key;
  if (text === String(invalidOddsCustomBet.code) || text === "invalid_odds_custom_bet")
    return invalidOddsCustomBet.key;
  return placeBetsDefault.key;
}

/** True when a refusal's code or reason flags wrong odds (SPEC §5). */
export function isWrongOddsCode(code: string | number | undefined): boolean {
  if (code === undefined) return false;
  const text = String(code);
  return text === String(invalidOdds.code) || (WRONG_ODDS_REASONS as readonly string[]).includes(text);
}

/** What the slip shows of a refused placement: its message key and whether the odds moved. */
export function placeRefusal(code: string | number): { message: string; isWrongOdds: boolean } {
  return { message: placeErrorMessage(code), isWrongOdds: isWrongOddsCode(code) };
}
