/** Poisson goal model helpers shared by soccer and ice hockey. */

/** P(k) for k = 0 … max−1, with the tail mass folded into k = max so the list sums to 1. */
export function poissonPmf(lambda: number, max = 12): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    out.push(p);
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  out.push(Math.max(0, 1 - sum));
  return out;
}

/** Joint distribution of final scores given the current score and the expected goals still to come. */
export function finalScores(
  home: number,
  away: number,
  lambdaHome: number,
  lambdaAway: number,
): { h: number; a: number; p: number }[] {
  const ph = poissonPmf(lambdaHome);
  const pa = poissonPmf(lambdaAway);
  const out: { h: number; a: number; p: number }[] = [];
  for (let i = 0; i < ph.length; i++)
    for (let j = 0; j < pa.length; j++) {
      const p = (ph[i] ?? 0) * (pa[j] ?? 0);
      if (p > 0) out.push({ h: home + i, a: away + j, p });
    }
  return out;
}

export function sumWhere<T extends { p: number }>(list: T[], pred: (x: T) => boolean): number {
  let s = 0;
  for (const x of list) if (pred(x)) s += x.p;
  return s;
}
