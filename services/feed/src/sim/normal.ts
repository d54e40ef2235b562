/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** P(X > line) for X ~ N(mean, sd) with integer outcomes (continuity-corrected). */
export function probAbove(mean: number, sd: number, line: number): number {
  if (sd <= 1e-9) return mean > line ? 1 : 0;
  return 1 - normalCdf((Math.floor(line) + 0.5 - mean) / sd);
}
