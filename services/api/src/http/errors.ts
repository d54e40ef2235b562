import { type BetError, type ErrorName, type ErrorResponse, errorCatalogue } from "@sportsbook/contracts";
import { localizedErrorMessage } from "./i18n.js";

type FieldError = { field: string; message: string };

/** An error the API answers on purpose: a catalogue entry plus what the client needs to act on it. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly kind: ErrorName,
    readonly extra: {
      details?: FieldError[];
      errorsByBet?: Record<string, Omit<BetError, "localized_message" | "key">>;
      isWrongOdds?: boolean;
      data?: Record<string, unknown>;
      message?: string;
    } = {},
  ) {
    super(extra.message ?? errorCatalogue[kind].message);
  }

  get status(): number {
    return errorCatalogue[this.kind].status;
  }
}

/** Field-level validation failure, naming the fields. */
export function validationError(details: FieldError[]): ApiError {
  return new ApiError("validationFailed", { details });
}

/** Renders an error as the catalogue's body, with messages in the request's language. */
export function errorBody(error: ApiError, locale: string): ErrorResponse {
  const def = errorCatalogue[error.kind];
  const data: ErrorResponse["data"] = {
    key: def.key,
    localized_message: localizedErrorMessage(error.kind, locale),
  };
  if (error.extra.details) data.details = error.extra.details;
  if (error.extra.errorsByBet) {
    data.errors_by_bet = Object.fromEntries(
      Object.entries(error.extra.errorsByBet).map(([index, e]) => {
        const name = (Object.entries(errorCatalogue).find(([, d]) => d.code === e.code)?.[0] ??
          "placeBetsDefault") as ErrorName;
        return [
          index,
          { ...e, key: errorCatalogue[name].key, localized_message: localizedErrorMessage(name, locale) },
        ];
      }),
    );
  }
  if (error.extra.isWrongOdds !== undefined) data.is_wrong_odds = error.extra.isWrongOdds;
  if (error.extra.data) data.extra = error.extra.data;
  return { code: def.code, error: error.kind, message: error.message, data };
}
