/**
 * Elementary symmetric polynomials e_0..e_maxDegree of the values: e_k is the sum, over every set of
 * k values, of their product. O(n·k) multiplications instead of C(n, k) products.
 */
export function elementarySymmetric(values: readonly bigint[], maxDegree = values.length): bigint[] {
  const degree = Math.min(maxDegree, values.length);
  const e: bigint[] = [1n, ...Array.from({ length: degree }, () => 0n)];
  for (const [i, v] of values.entries()) {
    // Descending so each value joins every set at most once.
    for (let k = Math.min(i + 1, degree); k >= 1; k--) e[k] = (e[k] ?? 0n) + (e[k - 1] ?? 0n) * v;
  }
  return e;
}

/** Number of ways to choose k of n, exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= r; i++) result = (result * BigInt(n - r + i)) / BigInt(i);
  return result;
}

/** Calls visit with each k-combination of indices 0..n-1 in lexicographic order (the plain method). */
export function forEachCombination(n: number, k: number, visit: (indices: readonly number[]) => void): void {
  if (k < 0 || k > n) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    visit(idx);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i] = (idx[i] ?? 0) + 1;
    for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] ?? 0) + 1;
  }
}
