/**
 * Integer distributions (goals, corners, booking points) and the fair probabilities of line markets
 * read from them. A market is priced from one or two small arrays built once per pricing, never by
 * walking the joint score grid per line: that keeps a 70-market book cheap enough to reprice every
 * few seconds of match time.
 */

/** P(value = min + i) at index i; sums to 1. */
export interface IntDist {
  min: number;
  p: Float64Array;
}

/** P(k) for k = 0 … max−1 of a Poisson count, the tail folded into k = max so the array sums to 1. */
export function poisson(lambda: number, max = 12): Float64Array {
  const out = new Float64Array(max + 1);
  let p = Math.exp(-Math.max(0, lambda));
  let sum = 0;
  for (let k = 0; k < max; k++) {
    out[k] = p;
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  out[max] = Math.max(0, 1 - sum);
  return out;
}

/** The distribution of x + y for independent counts x ~ a, y ~ b, shifted by `base`. */
export function sum(a: Float64Array, b: Float64Array, base = 0): IntDist {
  const p = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] ?? 0;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) p[i + j] = (p[i + j] ?? 0) + ai * (b[j] ?? 0);
  }
  return { min: base, p };
}

/** The distribution of x − y for independent counts x ~ a, y ~ b, shifted by `base`. */
export function difference(a: Float64Array, b: Float64Array, base = 0): IntDist {
  const p = new Float64Array(a.length + b.length - 1);
  const off = b.length - 1;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] ?? 0;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) p[i - j + off] = (p[i - j + off] ?? 0) + ai * (b[j] ?? 0);
  }
  return { min: base - off, p };
}

/** A count plus the points it is worth each: yellow cards (1) and red cards (2) make booking points. */
export function weighted(ones: Float64Array, twos: Float64Array): Float64Array {
  const p = new Float64Array(ones.length + 2 * (twos.length - 1));
  for (let i = 0; i < ones.length; i++)
    for (let j = 0; j < twos.length; j++)
      p[i + 2 * j] = (p[i + 2 * j] ?? 0) + (ones[i] ?? 0) * (twos[j] ?? 0);
  return p;
}

/** P(value > 0), P(value = 0), P(value < 0): home, draw, away of a difference. */
export function signs(d: IntDist): [number, number, number] {
  let pos = 0;
  let zero = 0;
  let neg = 0;
  for (let i = 0; i < d.p.length; i++) {
    const v = d.min + i;
    const p = d.p[i] ?? 0;
    if (v > 0) pos += p;
    else if (v === 0) zero += p;
    else neg += p;
  }
  return [pos, zero, neg];
}

/** P(value is odd). */
export function odd(d: IntDist): number {
  let s = 0;
  for (let i = 0; i < d.p.length; i++) if ((d.min + i) % 2 !== 0) s += d.p[i] ?? 0;
  return s;
}

/**
 * Fair probability of the side of a line market whose margin is `sign · value + line` (home
 * handicap: +1 and hcp; over: +1 and −total; under: −1 and +total): the price at which the expected
 * return, refunds and half results included, is the stake. A quarter line is two half stakes on
 * the neighbouring lines, as `settleLine` settles it.
 */
export function side(d: IntDist, sign: 1 | -1, line: number): number {
  const quarter = Math.abs((line * 4) % 2) === 1;
  let win = 0;
  let refund = 0;
  for (let i = 0; i < d.p.length; i++) {
    const p = d.p[i] ?? 0;
    if (p === 0) continue;
    const x = sign * (d.min + i) + line;
    if (quarter) {
      for (const h of [x - 0.25, x + 0.25]) {
        if (h > 1e-9) win += p / 2;
        else if (h > -1e-9) refund += p / 2;
      }
    } else if (x > 1e-9) win += p;
    else if (x > -1e-9) refund += p;
  }
  return win / Math.max(1e-12, 1 - refund);
}
