/** The slip's error (SPEC §3 ticket state error). `message` is an i18n key. */
export interface TicketError {
  readonly message: string;
  readonly code?: string;
  readonly details?: string;
  readonly localizedMessage?: string;
  readonly messagesByBet: Readonly<Record<string, string>>;
  readonly isWrongOddsError: boolean;
}

/** The quick-bet refusal when the potential win does not exceed the stake (SPEC §4, §8). */
export const POTENTIAL_WIN_EQUAL_OR_LESS = "error.potential_win.equal_or_less";

/** The default alert of SPEC §8. */
export const DEFAULT_ALERT = {
  title: "global-error.default.title",
  description: "global-error.default.description",
} as const;
