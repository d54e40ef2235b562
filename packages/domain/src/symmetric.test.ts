import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binomial, elementarySymmetric, forEachCombination } from "./symmetric.js";

describe("elementary symmetric polynomials", () => {
  it("e_k of 1, 2, 3", () => {
    expect(elementarySymmetric([1n, 2n, 3n])).toEqual([1n, 6n, 11n, 6n]);
    expect(elementarySymmetric([1n, 2n, 3n], 1)).toEqual([1n, 6n]);
  });

  it("equal the sum of products over every combination", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 0, maxLength: 9 }),
        (values) => {
          const e = elementarySymmetric(values);
          for (let k = 0; k <= values.length; k++) {
            let sum = 0n;
            forEachCombination(values.length, k, (idx) => {
              sum += idx.reduce((p, i) => p * (values[i] ?? 1n), 1n);
            });
            expect(e[k]).toBe(sum);
          }
        },
      ),
    );
  });

  it("binomials and combination counts agree", () => {
    expect(binomial(40, 20)).toBe(137_846_528_820n);
    expect(binomial(5, 6)).toBe(0n);
    for (let n = 0; n <= 10; n++) {
      for (let k = 0; k <= n; k++) {
        let count = 0;
        forEachCombination(n, k, () => count++);
        expect(BigInt(count)).toBe(binomial(n, k));
      }
    }
  });
});
