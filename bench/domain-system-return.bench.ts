// Potential return of system bets: the elementary-symmetric-polynomial method of @sportsbook/domain
// against plain enumeration of every combination, measured in the same run. Enumeration is only run
// where it finishes in reasonable time; elsewhere the line count is printed and nothing is guessed.
import {
  binomial,
  type Odds,
  oddsFromThousandths,
  systemReturn,
  systemReturnByEnumeration,
  systemReturns,
} from "@sportsbook/domain";

const STAKE = 10_000; // 100.00 in minor units
const ENUMERATION_LINE_LIMIT = 1_000_000n;

// Deterministic prices 1.10 … 5.00 from a fixed-seed LCG, so every run times the same slip.
function slip(n: number, seed = 42): Odds[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return oddsFromThousandths(1100 + (x % 3901));
  });
}

interface Timing {
  readonly perCallMs: number;
  readonly calls: number;
  readonly value: number;
}

// Repeats the call until at least minMs has passed (at least once) and reports the mean.
function time(fn: () => number, minMs = 200): Timing {
  let value = fn(); // warm-up, also the value compared between methods
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    value = fn();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return { perCallMs: elapsed / calls, calls, value };
}

function ms(t: number): string {
  return t < 0.01
    ? `${(t * 1000).toFixed(2)} µs`
    : t < 1000
      ? `${t.toFixed(3)} ms`
      : `${(t / 1000).toFixed(2)} s`;
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((c, i) => c.padStart(widths[i] ?? 10)).join("  ");
}

const forty = slip(40);
console.log(`System bet potential return — stake ${STAKE} minor units, prices from a fixed seed`);
console.log(`node ${process.version}, ${new Date().toISOString()}\n`);

// 1. System 20/40.
const fast2040 = time(() => systemReturn(STAKE, forty, 20));
console.log("1. System 20/40");
console.log(
  `   fast (e_k, BigInt):  ${ms(fast2040.perCallMs)} per call (${fast2040.calls} calls), return ${fast2040.value}`,
);
console.log(`   enumeration:         not run — C(40,20) = ${binomial(40, 20).toLocaleString("en")} lines`);

// Enumeration throughput measured now, on the largest feasible 40-selection system (k = 5).
const enumSample = time(() => systemReturnByEnumeration(STAKE, forty, 5), 500);
const linesPerSecond = Number(binomial(40, 5)) / (enumSample.perCallMs / 1000);
console.log(
  `   enumeration rate measured on 5/40 in this run: ${Math.round(linesPerSecond).toLocaleString("en")} lines/s ` +
    `(${ms(enumSample.perCallMs)} for ${binomial(40, 5).toLocaleString("en")} lines)`,
);
console.log(
  `   at that rate 20/40 would need about ${(Number(binomial(40, 20)) / linesPerSecond / 3600).toFixed(1)} h ` +
    "(an estimate from the measured rate, not a measurement)\n",
);

// 2. Every system type of 40 selections.
console.log("2. Every system type of 40 selections (2/40 … 39/40)");
const allOnePass = time(() => systemReturns(STAKE, forty).length);
const allPerType = time(() => {
  let sum = 0;
  for (let k = 2; k < 40; k++) sum += systemReturn(STAKE, forty, k);
  return sum;
});
console.log(`   fast, one pass for all 38 types (systemReturns): ${ms(allOnePass.perCallMs)} per call`);
console.log(`   fast, 38 separate calls (systemReturn per type): ${ms(allPerType.perCallMs)} per call`);
const widths = [6, 16, 12, 14, 10, 6];
console.log(`   ${row(["type", "lines", "fast", "enumeration", "speed-up", "equal"], widths)}`);
const onePass = systemReturns(STAKE, forty);
for (let k = 2; k < 40; k++) {
  const lines = binomial(40, k);
  const fast = time(() => systemReturn(STAKE, forty, k), 50);
  if (lines <= ENUMERATION_LINE_LIMIT) {
    const slow = time(() => systemReturnByEnumeration(STAKE, forty, k), 50);
    const equal = slow.value === fast.value && fast.value === onePass[k];
    console.log(
      `   ${row([`${k}/40`, lines.toLocaleString("en"), ms(fast.perCallMs), ms(slow.perCallMs), `${Math.round(slow.perCallMs / fast.perCallMs)}×`, equal ? "yes" : "NO"], widths)}`,
    );
  } else {
    console.log(
      `   ${row([`${k}/40`, lines.toLocaleString("en"), ms(fast.perCallMs), "not run", "—", "—"], widths)}`,
    );
  }
}

// 3. Every system type of smaller slips, where enumeration is feasible throughout.
console.log("\n3. Every system type of n selections, both methods (n up to 22)");
const widths3 = [4, 12, 14, 14, 10, 6];
console.log(`   ${row(["n", "lines", "fast (all k)", "enumeration", "speed-up", "equal"], widths3)}`);
for (const n of [10, 14, 18, 20, 22]) {
  const odds = slip(n, n);
  let lines = 0n;
  for (let k = 2; k < n; k++) lines += binomial(n, k);
  const fast = time(() => {
    let sum = 0;
    for (let k = 2; k < n; k++) sum += systemReturn(STAKE, odds, k);
    return sum;
  }, 100);
  const slow = time(() => {
    let sum = 0;
    for (let k = 2; k < n; k++) sum += systemReturnByEnumeration(STAKE, odds, k);
    return sum;
  }, 1);
  console.log(
    `   ${row([String(n), lines.toLocaleString("en"), ms(fast.perCallMs), ms(slow.perCallMs), `${Math.round(slow.perCallMs / fast.perCallMs)}×`, slow.value === fast.value ? "yes" : "NO"], widths3)}`,
  );
}
