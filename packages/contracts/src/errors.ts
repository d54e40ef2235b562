import { z } from "zod";

/**
 * One entry of the error catalogue: a stable numeric `code` clients branch on, the HTTP status it
 * travels with, the i18n key of its message (SPEC §8) and the English fallback message.
 */
export interface ErrorDefinition {
  code: number;
  status: number;
  key: string;
  message: string;
}

/**
 * Every error the HTTP API answers with. Codes 100–199 are bet-slip validation codes (SPEC §5 keeps
 * 101 and 120 and 118); 1000 and up are protocol errors. Never renumber an entry: clients keep them.
 */
export const errorCatalogue = {
  placeBetsDefault: {
    code: 100,
    status: 400,
    key: "error.place_bets.default",
    message: "The bet could not be placed.",
  },
  invalidOdds: {
    code: 101,
    status: 400,
    key: "error.place_bets.invalid_odds",
    message: "The odds have changed.",
  },
  insufficientFunds: {
    code: 102,
    status: 400,
    key: "error.place_bets.insufficient_funds",
    message: "Your balance is too low for this stake.",
  },
  selectionNotAvailable: {
    code: 103,
    status: 400,
    key: "sb.ticket.not-available.label",
    message: "A selection is no longer available.",
  },
  selectionSuspended: {
    code: 104,
    status: 400,
    key: "sb.ticket.suspended.label",
    message: "A selection is suspended.",
  },
  notCombinable: {
    code: 105,
    status: 400,
    key: "error.place_bets.not_combinable",
    message: "These selections cannot be combined in one bet.",
  },
  invalidStake: {
    code: 106,
    status: 400,
    key: "error.place_bets.invalid_stake",
    message: "The stake must be above zero and within the limits.",
  },
  maxPayoutExceeded: {
    code: 107,
    status: 400,
    key: "error.place_bets.max_payout",
    message: "The potential payout is above the maximum.",
  },
  tooManySelections: {
    code: 108,
    status: 400,
    key: "error.place_bets.max_selections",
    message: "The bet has too many selections.",
  },
  invalidSystem: {
    code: 109,
    status: 400,
    key: "error.place_bets.invalid_system",
    message: "This system type does not fit the selections.",
  },
  currencyMismatch: {
    code: 110,
    status: 400,
    key: "error.place_bets.currency",
    message: "The stake currency has no account.",
  },
  potentialWinTooLow: {
    code: 111,
    status: 400,
    key: "error.potential_win.equal_or_less",
    message: "The potential win must be above the stake.",
  },
  bonusNotApplicable: {
    code: 112,
    status: 400,
    key: "error.place_bets.bonus",
    message: "This bonus cannot be used on this bet.",
  },
  municipalityNotFound: {
    code: 118,
    status: 400,
    key: "error.municipality.not_found",
    message: "Municipality not found.",
  },
  invalidOddsCustomBet: {
    code: 120,
    status: 400,
    key: "error.place_bets.invalid_odds_custom_bet",
    message: "The bet builder odds have changed.",
  },
  cashoutUnavailable: {
    code: 130,
    status: 400,
    key: "error.cashout.unavailable",
    message: "Cashout is not available for this bet.",
  },
  cashoutValueChanged: {
    code: 131,
    status: 400,
    key: "error.cashout.value_changed",
    message: "The cashout value has changed.",
  },
  validationFailed: {
    code: 1000,
    status: 400,
    key: "global-error.validation",
    message: "The request is not valid.",
  },
  unauthorized: {
    code: 1001,
    status: 401,
    key: "global-error.unauthorized",
    message: "Sign in to continue.",
  },
  sessionExpired: {
    code: 1002,
    status: 401,
    key: "global-error.session_expired",
    message: "Your session has expired.",
  },
  csrfRejected: {
    code: 1003,
    status: 403,
    key: "global-error.csrf",
    message: "The request was refused; reload the page and try again.",
  },
  forbidden: {
    code: 1004,
    status: 403,
    key: "global-error.forbidden",
    message: "You are not allowed to do this.",
  },
  notFound: {
    code: 1005,
    status: 404,
    key: "global-error.not_found",
    message: "Not found.",
  },
  idempotencyKeyReused: {
    code: 1006,
    status: 400,
    key: "global-error.idempotency_key_reused",
    message: "This request key was already used for a different request.",
  },
  playerBlocked: {
    code: 1007,
    status: 403,
    key: "global-error.player_blocked",
    message: "This account is blocked.",
  },
  methodNotAllowed: {
    code: 1008,
    status: 405,
    key: "global-error.method_not_allowed",
    message: "This method is not allowed here.",
  },
  payloadTooLarge: {
    code: 1009,
    status: 400,
    key: "global-error.payload_too_large",
    message: "The request body is too large.",
  },
  invalidCredentials: {
    code: 1100,
    status: 400,
    key: "error.sign_in.invalid_credentials",
    message:
      "Wrong e-mail or password. After repeated failures the account is locked and unlock instructions are sent by e-mail.",
  },
  emailNotConfirmed: {
    code: 1101,
    status: 403,
    key: "error.sign_in.unconfirmed",
    message: "Confirm your e-mail address first; we can send the instructions again.",
  },
  alreadySignedIn: {
    code: 1102,
    status: 400,
    key: "error.sign_in.already_signed_in",
    message: "You are already signed in.",
  },
  tooManyAttempts: {
    code: 1103,
    status: 403,
    key: "error.rate_limited",
    message: "Too many attempts. Please wait a while and try again.",
  },
  countryBlocked: {
    code: 1104,
    status: 403,
    key: "error.country.blocked",
    message: "Sorry, we're not available in your country right now.",
  },
  tokenInvalid: {
    code: 1105,
    status: 400,
    key: "error.token.invalid",
    message: "This link is invalid, already used or expired.",
  },
  phoneCodeInvalid: {
    code: 1106,
    status: 400,
    key: "error.phone.invalid_code",
    message: "The code is wrong or expired.",
  },
  selfExcluded: {
    code: 1107,
    status: 403,
    key: "error.limits.self_excluded",
    message: "Your account is excluded from play for the period you chose.",
  },
  outOfLimit: {
    code: 1108,
    status: 401,
    key: "error.limits.out_of_limit",
    message: "User is out of limit",
  },
  limitExceeded: {
    code: 1109,
    status: 400,
    key: "error.limits.exceeded",
    message: "This would go over one of your limits.",
  },
  limitChangeRefused: {
    code: 1110,
    status: 400,
    key: "error.limits.change_refused",
    message: "This limit cannot be changed now.",
  },
  realityCheckNotSet: {
    code: 1111,
    status: 400,
    key: "error.limits.reality_check_not_set",
    message: "There is no reality check to continue.",
  },
  paymentsUnavailable: {
    code: 1112,
    status: 400,
    key: "error.payments.unavailable",
    message: "Payments are not available right now.",
  },
  paymentSignatureInvalid: {
    code: 1113,
    status: 400,
    key: "error.payments.signature_invalid",
    message: "The payment notice is not signed by the provider.",
  },
  paymentMismatch: {
    code: 1114,
    status: 400,
    key: "error.payments.mismatch",
    message: "The payment notice does not match the payment.",
  },
  paymentStateConflict: {
    code: 1115,
    status: 400,
    key: "error.payments.state_conflict",
    message: "The payment cannot change from its current status.",
  },
  bonusNotAvailable: {
    code: 1116,
    status: 400,
    key: "error.bonus.not_available",
    message: "This bonus cannot be activated now.",
  },
  freebetAlreadyActive: {
    code: 1117,
    status: 400,
    key: "error.bonus.freebet_active",
    message: "Another freebet is active: use it first.",
  },
  promoCodeInvalid: {
    code: 1118,
    status: 400,
    key: "error.bonus.promo_code_invalid",
    message: "This promo code is not valid.",
  },
  promoCodeUsed: {
    code: 1119,
    status: 400,
    key: "error.bonus.promo_code_used",
    message: "You have already used this promo code.",
  },
  boostNotAvailable: {
    code: 1120,
    status: 400,
    key: "error.bonus.boost_not_available",
    message: "This freebet cannot be boosted now.",
  },
  withdrawalExceedsBalance: {
    code: 1121,
    status: 400,
    key: "error.payments.insufficient_funds",
    message: "Your balance is too low for this withdrawal.",
  },
  underMinimumAge: {
    code: 1130,
    status: 400,
    key: "error.sign_up.under_minimum_age",
    message: "You are under the minimum age to open an account.",
  },
  staffInvalidCredentials: {
    code: 1200,
    status: 400,
    key: "error.backoffice.invalid_credentials",
    message:
      "Wrong e-mail, password or code. After repeated failures the account is locked until an admin unlocks it.",
  },
  staffExists: {
    code: 1201,
    status: 400,
    key: "error.backoffice.staff_exists",
    message: "A staff member with this e-mail address already exists.",
  },
  lastAdmin: {
    code: 1202,
    status: 400,
    key: "error.backoffice.last_admin",
    message: "The last active admin cannot be disabled or given another role.",
  },
  alreadySuspended: {
    code: 1203,
    status: 400,
    key: "error.backoffice.already_suspended",
    message: "This is already suspended by hand.",
  },
  conflictDecided: {
    code: 1230,
    status: 400,
    key: "error.backoffice.conflict_decided",
    message: "This settlement conflict has already been decided.",
  },
  playerClosed: {
    code: 1250,
    status: 400,
    key: "error.backoffice.player_closed",
    message: "This account is closed for good and cannot be reopened.",
  },
  adjustmentNeedsSecondStaff: {
    code: 1251,
    status: 403,
    key: "error.backoffice.adjustment_second_staff",
    message: "Another staff member must approve this adjustment.",
  },
  adjustmentDecided: {
    code: 1252,
    status: 400,
    key: "error.backoffice.adjustment_decided",
    message: "This adjustment has already been decided.",
  },
  limitNotStricter: {
    code: 1253,
    status: 400,
    key: "error.backoffice.limit_not_stricter",
    message: "Staff can only make a limit stricter; a looser limit is the player's own request.",
  },
  adjustmentExceedsBalance: {
    code: 1254,
    status: 400,
    key: "error.backoffice.adjustment_exceeds_balance",
    message: "The adjustment would take the balance below zero.",
  },
  promoCodeTaken: {
    code: 1270,
    status: 400,
    key: "error.backoffice.promo_code_taken",
    message: "Another bonus already has this promo code.",
  },
  promotionExists: {
    code: 1271,
    status: 400,
    key: "error.backoffice.promotion_exists",
    message: "A promotion with this key already exists.",
  },
  internal: {
    code: 1099,
    status: 500,
    key: "global-error.default.description",
    message: "Something went wrong. Please come back in a while.",
  },
  contentNotDraft: {
    code: 1272,
    status: 400,
    key: "error.backoffice.content_not_draft",
    message: "Only a draft can be published; roll back to a published version instead.",
  },
  contentNeverPublished: {
    code: 1273,
    status: 400,
    key: "error.backoffice.content_never_published",
    message: "This version was never published; publish the draft instead of rolling back to it.",
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;

/** Looks an entry up by its numeric code. */
export function errorByCode(code: number): (ErrorDefinition & { name: ErrorName }) | undefined {
  for (const [name, def] of Object.entries(errorCatalogue)) {
    if (def.code === code) return { ...def, name: name as ErrorName };
  }
  return undefined;
}

/** One field that failed validation, named by its path (`bets.0.stake.value`). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** A per-bet error of `POST /bets`, keyed in `errors_by_bet` by the bet's index in the request. */
export const betErrorSchema = z.object({
  code: z.number().int(),
  key: z.string(),
  localized_message: z.string(),
  /** Machine reason, e.g. `odds_different_than_bookmaker`, `selection_suspended` (SPEC §5 wrong-odds reasons). */
  reason: z.string().optional(),
  /** Selections whose odds moved, with the current odds the player can accept. */
  selections: z
    .array(
      z.object({
        match_id: z.number().int(),
        market_id: z.number().int(),
        specifier: z.string(),
        outcome_id: z.string(),
        odds: z.number().int().nullable(),
        active: z.boolean(),
      }),
    )
    .optional(),
});

/**
 * Body of every error answer: `code` from the catalogue, the English `message`, and `data` with the
 * i18n key, the message in the request's language and, where they apply, the fields or bets at fault.
 */
export const errorResponseSchema = z.object({
  code: z.number().int(),
  error: z.string(),
  message: z.string(),
  data: z.object({
    key: z.string(),
    localized_message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
    errors_by_bet: z.record(z.string(), betErrorSchema).optional(),
    /** Set when the error is about odds (SPEC §5 wrong-odds flag). */
    is_wrong_odds: z.boolean().optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type BetError = z.infer<typeof betErrorSchema>;
