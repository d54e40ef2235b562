/** Why a piece of user or wire text was refused. Never a NaN, never a silently rounded value. */
export type ParseErrorCode = "empty" | "malformed" | "negative" | "too_many_decimals" | "out_of_range";

/** A refused input, with the text that was refused. */
export interface ParseError {
  readonly code: ParseErrorCode;
  readonly input: string;
  readonly message: string;
}

/** Result of a parser: the value, or a typed error. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ParseError };

const MESSAGES: Record<ParseErrorCode, string> = {
  empty: "a value is required",
  malformed: "not a number in the expected format",
  negative: "must not be negative",
  too_many_decimals: "has more decimals than allowed",
  out_of_range: "is outside the allowed range",
};

/** Wraps a parsed value. */
export function parsedValue<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** Builds a refusal with its standard message. */
export function parseFailure(code: ParseErrorCode, input: string, detail?: string): Parsed<never> {
  return { ok: false, error: { code, input, message: detail ?? MESSAGES[code] } };
}
