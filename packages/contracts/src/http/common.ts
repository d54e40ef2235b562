import {
  type BetId,
  MAX_OUTCOME_ID_LENGTH,
  type MarketId,
  type MatchId,
  type Odds,
  type OutcomeId,
} from "@sportsbook/domain";
import { z } from "zod";

/** Why `text()` refused a value (the message of the 400 that names the field). */
export const TEXT_REFUSAL = "must not contain NUL characters or unpaired surrogates";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text PostgreSQL can store: no U+0000 and no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * Every string that arrives from outside (body, query, path, header, realtime command): a plain
 * string that PostgreSQL can store. NUL bytes and unpaired surrogates are refused here with a 400
 * naming the field, instead of failing deep in a query.
 */
export function text() {
  return z.string().refine(isStorableText, { message: TEXT_REFUSAL });
}

/** A positive integer id (path or body), within JavaScript's safe range. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Query lists arrive as `a,b,c` (SPEC §2: query parameters are split on commas) or repeated keys. */
export function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const parts = Array.isArray(v) ? v : [v];
    return parts.flatMap((p) => (typeof p === "string" ? p.split(",").filter((s) => s !== "") : [p]));
  }, z.array(item).max(500));
}

/** A boolean query flag: `true`/`false`/`1`/`0`. */
export const queryBoolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** An ISO 8601 instant with offset, e.g. `2026-05-01T18:00:00Z`. */
export const instantSchema = z.iso.datetime({ offset: true });

/** `page` (from 1) and `limit` query parameters, capped at `max`. */
export function pageQuery(defaultLimit: number, max: number) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
  };
}

/** SPEC §3 pagination block of every list answer. */
export const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  last_page: z.number().int(),
});
/** A list answer: `data` plus `pagination`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

/**
 * Gives a schema's output a domain brand without changing what it checks or how it serializes (as
 * zod's own `.brand()` does): the checks of the schema are what makes the value one of the brand.
 */
function branded<B>() {
  return <S extends z.ZodType>(schema: S): z.ZodType<B & z.output<S>, z.input<S>> =>
    schema as unknown as z.ZodType<B & z.output<S>, z.input<S>>;
}

/** Odds as integers × 1000 (1.85 → 1850), between 1.001 and 100000. */
export const oddsSchema = branded<Odds>()(z.number().int().min(1001).max(100_000_000));

/** A match id as answers carry it. */
export const matchIdSchema = branded<MatchId>()(z.number().int().positive());
/** A match id a client sends (path or body; a path's text is read as a number). */
export const matchIdInputSchema = branded<MatchId>()(idSchema);
/** A market type id, as answers carry it and clients send it. */
export const marketIdSchema = branded<MarketId>()(z.number().int().min(0).max(2_000_000_000));
/** An outcome id as answers carry it. */
export const outcomeIdSchema = branded<OutcomeId>()(text().min(1));
/** An outcome id a client sends. */
export const outcomeIdInputSchema = branded<OutcomeId>()(text().min(1).max(MAX_OUTCOME_ID_LENGTH));
/** A placed bet's id as answers carry it. */
export const betIdSchema = branded<BetId>()(z.number().int().positive());
/** A bet id a client sends. */
export const betIdInputSchema = branded<BetId>()(idSchema);

/** A currency code such as `EUR` or `USDT`. */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, "expected a currency code like EUR");

/** Money in minor units of `currency` (`subunits` decimals). */
export const moneySchema = z.object({
  value: z.number().int(),
  currency: currencyCodeSchema,
  subunits: z.number().int().min(0).max(18),
});
export type Money = z.infer<typeof moneySchema>;

/** The answer of calls that only acknowledge. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * The `Idempotency-Key` header of every call that takes one (bets, cashout, deposits): 1–200
 * characters, so a key always fits its index.
 */
export const idempotencyHeadersSchema = z.object({ "idempotency-key": text().min(1).max(200).optional() });

/** Texts per locale, English at least (a player gets their locale, else its language, else English). */
export const localizedTextSchema = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/), text().min(1).max(4000))
  .refine((texts) => typeof texts.en === "string", "an English text (en) at least");
