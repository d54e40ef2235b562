/** The slip's error (SPEC §3 ticket state error). `message` is an i18n key. */
export interface TicketError {
  readonly message: string;
  readonly code?: string;
  readonly details?: string;
  readonly localizedMessage?: string;
  readonly messagesByBet: Readonly<Record<string, string>>;
  readonly isWrongOddsError: boolean;
}

/** Server validation codes of SPEC §5. */
export const PLACE_ERROR_CODES = {
  invalidOdds: "101",
  brazilianMunicipalityNotFound: "118",
  invalidCustomBetOdds: "120",
} as const;

/** Codes that mean the slip's odds no longer match the bookmaker's (SPEC §5 wrong-odds flag). */
export const WRONG_ODDS_CODES: readonly string[] = [
  "odds_different_than_bookmaker",
  "odds_higher_than_bookmakers",
  "odds_to_low",
  "odds_higher_than_bookmakers_current_odds",
  "invalid_odds",
  PLACE_ERROR_CODES.invalidOdds,
];

/** The i18n key shown for a place error code (SPEC §8 bet errors). */
export function placeErrorMessage(code: string | undefined): string {
  if (code === PLACE_ERROR_CODES.invalidOdds || code === "invalid_odds")
    return "error.place_bets.invalid_odds";
  if (code === PLACE_ERROR_CODES.invalidCustomBetOdds || code === "invalid_odds_custom_bet") {
    return "error.place_bets.invalid_odds_custom_bet";
  }
  return "error.place_bets.default";
}

/** True when the code flags wrong odds (SPEC §5). */
export function isWrongOddsCode(code: string | undefined): boolean {
  return code !== undefined && WRONG_ODDS_CODES.includes(code);
}

/** The quick-bet refusal when the potential win does not exceed the stake (SPEC §4, §8). */
export const POTENTIAL_WIN_EQUAL_OR_LESS = "error.potential_win.equal_or_less";

/** The default alert of SPEC §8. */
export const DEFAULT_ALERT = {
  title: "global-error.default.title",
  description: "global-error.default.description",
} as const;
