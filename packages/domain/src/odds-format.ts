import { divRound, formatRatio, gcd, pow10, readDecimal } from "./decimal.js";
import { FRACTIONAL_LADDER, type Fraction } from "./fractional-ladder.js";
import { isOdds, ODDS_SCALE, type Odds } from "./odds.js";
import { type Parsed, parsedValue, parseFailure } from "./parsed.js";

/** The display formats of SPEC §9. */
export const ODDS_FORMATS = [
  "decimal",
  "fractional",
  "hongkong",
  "american",
  "indonesian",
  "malaysian",
  "percent",
] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

const FORMAT_ALIASES: Record<string, OddsFormat> = {
  european: "decimal",
  british: "fractional",
  uk: "fractional",
  hk: "hongkong",
  us: "american",
};

/** Maps a settings name (including SPEC's european and british) to a display format. */
export function oddsFormatFromName(name: string): OddsFormat | undefined {
  const key = name.trim().toLowerCase();
  return (ODDS_FORMATS as readonly string[]).includes(key) ? (key as OddsFormat) : FORMAT_ALIASES[key];
}

export interface OddsFormatOptions {
  /** Fractional only: show the nearest ladder fraction even when the price is not exactly on it. */
  readonly snapToLadder?: boolean;
}

const SCALE = BigInt(ODDS_SCALE);
const EXACT = { min: 2, max: 3 } as const;

// Two decimals, or as many more (up to six) as the first significant digit needs, so that a long
// price never shows as zero. Decided from the exact value, so formatting a parsed text is stable.
function significant(numerator: bigint, denominator: bigint): string {
  const magnitude = numerator < 0n ? -numerator : numerator;
  let max = 2;
  while (max < 6 && magnitude * pow10(max) < denominator) max++;
  return formatRatio(numerator, denominator, { min: 2, max });
}

function ladderThousandths(f: Fraction): number {
  return ODDS_SCALE + Number(divRound(BigInt(f.numerator) * SCALE, BigInt(f.denominator)));
}

const LADDER_BY_ODDS = new Map<number, Fraction>();
for (const f of FRACTIONAL_LADDER) {
  const key = ladderThousandths(f);
  if (!LADDER_BY_ODDS.has(key)) LADDER_BY_ODDS.set(key, f);
}

function nearestLadder(odds: Odds): Fraction {
  let best = FRACTIONAL_LADDER[0] as Fraction;
  for (const f of FRACTIONAL_LADDER) {
    if (Math.abs(ladderThousandths(f) - odds) < Math.abs(ladderThousandths(best) - odds)) best = f;
  }
  return best;
}

/** The fraction shown for a price: its ladder fraction, else the exact reduced fraction of thousandths. */
export function oddsToFraction(odds: Odds, options: OddsFormatOptions = {}): Fraction {
  const onLadder = LADDER_BY_ODDS.get(odds);
  if (onLadder) return onLadder;
  const last = FRACTIONAL_LADDER[FRACTIONAL_LADDER.length - 1] as Fraction;
  if (options.snapToLadder && odds <= ladderThousandths(last)) return nearestLadder(odds);
  const profit = BigInt(odds - ODDS_SCALE);
  const divisor = gcd(profit, SCALE);
  return { numerator: Number(profit / divisor), denominator: Number(SCALE / divisor) };
}

/**
 * Formats a price for display. Decimal, Hong Kong and fractional are exact; American is shown as a
 * whole number (+ for 2.00 and above); Indonesian and Malaysian show two decimals on their reciprocal
 * side and percent is the implied probability with two decimals, in both cases with more decimals (up
 * to six) when two would show a long price as zero.
 */
export function formatOdds(odds: Odds, format: OddsFormat, options: OddsFormatOptions = {}): string {
  const n = BigInt(odds);
  const profit = n - SCALE;
  switch (format) {
    case "decimal":
      return formatRatio(n, SCALE, EXACT);
    case "hongkong":
      return formatRatio(profit, SCALE, EXACT);
    case "fractional": {
      const f = oddsToFraction(odds, options);
      return `${f.numerator}/${f.denominator}`;
    }
    case "american":
      return odds >= 2 * ODDS_SCALE
        ? `+${formatRatio(profit * 100n, SCALE, { min: 0, max: 0 })}`
        : formatRatio(-100n * SCALE, profit, { min: 0, max: 0 });
    case "indonesian":
      return odds >= 2 * ODDS_SCALE ? formatRatio(profit, SCALE, EXACT) : significant(-SCALE, profit);
    case "malaysian":
      return odds <= 2 * ODDS_SCALE ? formatRatio(profit, SCALE, EXACT) : significant(-SCALE, profit);
    case "percent":
      return `${significant(100n * SCALE, n)}%`;
  }
}

/** value = numerator / denominator, exact, from a decimal text. */
interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function ratioFromText(text: string, maxDecimals: number): Parsed<Ratio> {
  const d = readDecimal(text);
  if (!d) return parseFailure("malformed", text);
  if (d.scale > maxDecimals) return parseFailure("too_many_decimals", text);
  return parsedValue({ numerator: d.negative ? -d.units : d.units, denominator: pow10(d.scale) });
}

function priced(text: string, thousandths: bigint): Parsed<Odds> {
  const value = Number(thousandths);
  return isOdds(value) ? parsedValue(value) : parseFailure("out_of_range", text);
}

const FRACTION_TEXT = /^(\d{1,9})\s*\/\s*(\d{1,9})$/;

function parseFractional(text: string): Parsed<Odds> {
  if (/^(evens|evs|even)$/i.test(text)) return priced(text, 2n * SCALE);
  const m = FRACTION_TEXT.exec(text);
  if (!m) return parseFailure(text.startsWith("-") ? "negative" : "malformed", text);
  const numerator = BigInt(m[1] ?? "0");
  const denominator = BigInt(m[2] ?? "0");
  if (denominator === 0n) return parseFailure("malformed", text, "the denominator must not be zero");
  return priced(text, SCALE + divRound(numerator * SCALE, denominator));
}

// Odds from a reciprocal display value r (r <= -1 style): 1 + 1/|r|, rounded to thousandths.
function fromReciprocal(text: string, r: Ratio, unit: bigint): Parsed<Odds> {
  return priced(text, SCALE + divRound(unit * SCALE * r.denominator, -r.numerator));
}

/** Reads a price typed or received in a display format; refuses anything that is not a valid price. */
export function parseOdds(input: string, format: OddsFormat): Parsed<Odds> {
  const text = input.trim();
  if (text === "") return parseFailure("empty", input);
  if (format === "fractional") return parseFractional(text);
  const body = format === "percent" ? text.replace(/\s*%$/, "") : text;
  const read = ratioFromText(
    body,
    format === "american" ? 2 : format === "decimal" || format === "hongkong" ? 3 : 6,
  );
  if (!read.ok) return parseFailure(read.error.code, input);
  const r = read.value;
  const negative = r.numerator < 0n;
  // Thousandths of r: r × 1000, rounded.
  const scaled = divRound(r.numerator * SCALE, r.denominator);
  switch (format) {
    case "decimal":
      if (negative) return parseFailure("negative", input);
      return priced(input, scaled);
    case "hongkong":
      if (negative) return parseFailure("negative", input);
      return priced(input, SCALE + scaled);
    case "american": {
      // |a| >= 100: +a pays a per 100 staked, -a needs a staked to win 100.
      if (r.numerator >= 100n * r.denominator)
        return priced(input, SCALE + divRound(r.numerator * 10n, r.denominator));
      if (r.numerator <= -100n * r.denominator) return fromReciprocal(input, r, 100n);
      return parseFailure("out_of_range", input, "American odds are at least 100 in size");
    }
    case "indonesian":
      if (r.numerator >= r.denominator) return priced(input, SCALE + scaled);
      if (r.numerator <= -r.denominator) return fromReciprocal(input, r, 1n);
      return parseFailure("out_of_range", input, "Indonesian odds are at least 1 in size");
    case "malaysian":
      if (r.numerator > 0n && r.numerator <= r.denominator) return priced(input, SCALE + scaled);
      if (negative && -r.numerator <= r.denominator) return fromReciprocal(input, r, 1n);
      return parseFailure("out_of_range", input, "Malaysian odds lie between -1 and 1, zero excluded");
    case "percent":
      if (negative) return parseFailure("negative", input);
      if (r.numerator === 0n || r.numerator >= 100n * r.denominator)
        return parseFailure("out_of_range", input);
      return priced(input, divRound(100n * SCALE * r.denominator, r.numerator));
  }
}
