import { divRound, readDecimal } from "@sportsbook/domain";

/**
 * Numbers as providers write them. UOF declares prices and factors as `xs:double`, so a feed may
 * send `4.03386E-4`, `+1.5`, `.5` or `2.` where a hand-written regex expects `1.85`. Reading them
 * through text keeps prices exact: no float ever sits between the wire and the integer ×1000.
 */
const XS_NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** An `xs:double` or `xs:decimal` rewritten as plain decimal text, or undefined when it is no finite number. */
export function plainDecimal(text: string): string | undefined {
  const m = XS_NUMBER.exec(text.trim());
  if (!m) return undefined;
  const whole = m[2] ?? "";
  const fraction = m[3] ?? "";
  if (whole === "" && fraction === "") return undefined;
  const digits = `${whole}${fraction}`;
  // The decimal point sits `point` digits into `digits`; the exponent moves it.
  const point = whole.length + Number(m[4] ?? "0");
  const padded =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? `${digits}${"0".repeat(point - digits.length)}`
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const [int = "", frac] = padded.split(".");
  const normal = `${int.replace(/^0+(?=\d)/, "") || "0"}${frac ? `.${frac}` : ""}`;
  return `${m[1] === "-" ? "-" : ""}${normal}`;
}

/** A price as providers mostly write it: digits, and at most three decimals (exact without rounding). */
const PLAIN_PRICE = /^(\d{1,9})(?:\.(\d{1,3}))?$/;

/** A provider's number as thousandths, rounded half away from zero; undefined when it is no number. */
export function thousandths(text: string): number | undefined {
  // nearly every price on the wire is plain: read it with integer arithmetic, the rest as decimals
  const simple = PLAIN_PRICE.exec(text);
  if (simple) return Number(simple[1]) * 1000 + Number((simple[2] ?? "").padEnd(3, "0"));
  const plain = plainDecimal(text);
  const d = plain === undefined ? undefined : readDecimal(plain);
  if (!d) return undefined;
  const signed = d.negative ? -d.units : d.units;
  const value = divRound(signed * 1000n, 10n ** BigInt(d.scale));
  return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
}
