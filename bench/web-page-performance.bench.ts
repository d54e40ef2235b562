// Lighthouse (mobile) on the home, live and match pages of the app as `npm start` runs it (production
// build), next to the framework's own floor measured in the same run: a bare page of the same build
// (one server component, no application code, the same stylesheet; served only when the app starts
// with BENCH_FLOOR_PAGE=on) — what Next.js and React cost on this machine at this moment. /about, the
// lightest page with the whole shell, shows what the shell adds to the floor.
//
// Method: Lighthouse's own default mobile run (Moto G Power screen, simulated slow 4G and 4× CPU
// slowdown, performance category only) in the Chromium of @sparticuz/chromium, which Lighthouse
// drives through a DevTools port. Each page is audited BENCH_RUNS times (default 3), cold; the table
// shows the run with the median performance score. JavaScript bytes are the compressed script
// transfers Lighthouse recorded: "first load" counts the scripts the page's HTML names (script tags
// and the chunks of its client components), "all" every script fetched during the audit (the
// realtime client is fetched once the page is idle).
// Targets: each page's total blocking time within 100 ms of the floor's, and performance ≥ 90 where
// the floor scores ≥ 95; first-load JavaScript of the home page ≤ 150 KB on the wire.
// BENCH_LHR_DIR=folder keeps each run's full Lighthouse report (JSON) there, to see what costs time.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { MATCH_STATUS } from "@sportsbook/domain";
import { freePort, startApp } from "@sportsbook/web/testing/app";
import { CHROMIUM_FLAGS, chromiumExecutable } from "@sportsbook/web/testing/browser";
import lighthouse, { type Result } from "lighthouse";
import { chromium } from "playwright-core";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SCORE_TARGET = 90;
/** The score target applies when the floor itself scores this much: below it the machine is the limit. */
const FLOOR_SCORE_FOR_TARGET = 95;
const TBT_OVER_FLOOR_MS = 100;
const FLOOR = "floor: bare page";
const HOME_FIRST_LOAD_JS_TARGET = 150 * 1024;

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  firstLoadJs: number;
  allJs: number;
  /** Lighthouse's CPU speed figure for the machine at that moment (lower: slower or busier). */
  benchmarkIndex: number;
  warnings: string[];
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * Scripts the server-rendered HTML names, in script tags or in the page data that hydration reads:
 * what the page needs before it is interactive.
 */
async function firstLoadScripts(url: string): Promise<Set<string>> {
  const html = await fetch(url).then((r) => r.text());
  const out = new Set<string>();
  for (const m of html.matchAll(/(?:\/_next\/)?static\/chunks\/[\w./%-]+?\.js/g)) {
    out.add(new URL(`/_next/${m[0].replace(/^\/_next\//, "")}`, url).href);
  }
  return out;
}

const LHR_DIR = process.env.BENCH_LHR_DIR;

async function audit(port: number, url: string, firstLoad: Set<string>, label: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(join(LHR_DIR, `${label}.json`), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items ?? [];
  let firstLoadJs = 0;
  let allJs = 0;
  for (const item of requests as { url: string; resourceType?: string; transferSize?: number }[]) {
    if (item.resourceType !== "Script") continue;
    allJs += item.transferSize ?? 0;
    if (firstLoad.has(item.url)) firstLoadJs += item.transferSize ?? 0;
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric(lhr, "first-contentful-paint"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    si: numeric(lhr, "speed-index"),
    firstLoadJs,
    allJs,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

// The feed at real-time speed: the live pages receive the updates a visitor would.
const app = await startApp({ FEED_SPEED: "1", BENCH_FLOOR_PAGE: "on" });
// Lighthouse attaches to a Chromium it did not start through the DevTools port; nothing is downloaded.
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: await chromiumExecutable(),
  args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
  headless: true,
});
try {
  // The feed needs a moment after start-up before a live match exists to audit.
  let m: { id: number; slug: string; sport: { key: string } } | undefined;
  for (let i = 0; i < 60 && !m; i++) {
    const live = (await fetch(`${app.baseUrl}/api/matches?match_status=${MATCH_STATUS.live}&limit=1`)
      .then((r) => r.json())
      .catch(() => null)) as { data?: NonNullable<typeof m>[] } | null;
    m = live?.data?.[0];
    if (!m) await new Promise((r) => setTimeout(r, 500));
  }
  const pages: [name: string, path: string][] = [
    [FLOOR, "/bench-floor"],
    ["shell: /about", "/about"],
    ["home", "/"],
    ["live", "/live"],
  ];
  if (m) pages.push(["match", `/${m.sport.key}/${m.slug}-${m.id}`]);
  else console.log("(no live match within 30 s: the match page is left out of this run)");

  console.log(
    `Lighthouse ${(createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version} mobile (simulated throttling), ${browser.version()}, median-score run of ${RUNS} per page`,
  );
  console.log(
    `${"page".padEnd(18)} score  FCP ms  LCP ms  TBT ms    CLS   SI ms  first-load JS KB  all JS KB (compressed)`,
  );
  // Pages take turns run by run, so a busy moment on the shared machine falls on all of them alike.
  const runsOf = new Map<string, Audit[]>(pages.map(([name]) => [name, []]));
  const firstLoadOf = new Map<string, Set<string>>();
  for (const [name, path] of pages) firstLoadOf.set(name, await firstLoadScripts(`${app.baseUrl}${path}`));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, path] of pages) {
      const label = `${name.replace(/\W+/g, "-")}-${i + 1}`;
      const firstLoad = firstLoadOf.get(name) ?? new Set<string>();
      runsOf.get(name)?.push(await audit(debuggingPort, `${app.baseUrl}${path}`, firstLoad, label));
    }
  }
  const results = new Map<string, Audit>();
  for (const [name] of pages) {
    const runs = [...(runsOf.get(name) ?? [])].sort((a, b) => a.score - b.score || a.tbt - b.tbt);
    const r = runs[Math.floor(runs.length / 2)];
    if (!r) continue;
    results.set(name, r);
    console.log(
      [
        name.padEnd(18),
        String(r.score).padStart(5),
        String(Math.round(r.fcp)).padStart(7),
        String(Math.round(r.lcp)).padStart(7),
        String(Math.round(r.tbt)).padStart(7),
        r.cls.toFixed(3).padStart(6),
        String(Math.round(r.si)).padStart(7),
        kb(r.firstLoadJs).padStart(17),
        kb(r.allJs).padStart(10),
        `  scores ${runs.map((x) => x.score).join("/")}, CPU index ${runs.map((x) => Math.round(x.benchmarkIndex)).join("/")}`,
      ].join(" "),
    );
    for (const w of new Set(runs.flatMap((x) => x.warnings))) console.log(`  warning: ${w}`);
  }
  const indexes = [...runsOf.values()].flat().map((r) => r.benchmarkIndex);
  const medianIndex = [...indexes].sort((a, b) => a - b)[Math.floor(indexes.length / 2)] ?? 0;
  // Simulated throttling multiplies the main-thread time it observes, so a busy machine reads as a
  // slow phone: blocking time and score are worse than on an idle one.
  console.log(
    `Lighthouse CPU index over the run: median ${Math.round(medianIndex)}, range ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}${medianIndex < 1000 ? " (a busy machine: TBT and scores read low)" : ""}`,
  );
  const floor = results.get(FLOOR);
  if (!floor) throw new Error("the floor page was not measured");
  console.log(`targets (against the floor: score ${floor.score}, TBT ${Math.round(floor.tbt)} ms):`);
  for (const [name] of pages.slice(2)) {
    const r = results.get(name);
    if (!r) continue;
    const tbtLimit = floor.tbt + TBT_OVER_FLOOR_MS;
    const score =
      floor.score >= FLOOR_SCORE_FOR_TARGET
        ? `performance ${r.score} ≥ ${SCORE_TARGET} → ${verdict(r.score >= SCORE_TARGET)}`
        : `performance ${r.score} (floor ${floor.score} < ${FLOOR_SCORE_FOR_TARGET}: no score target on this machine now)`;
    console.log(
      `  ${name}: TBT ${Math.round(r.tbt)} ms ≤ floor + ${TBT_OVER_FLOOR_MS} = ${Math.round(tbtLimit)} ms → ${verdict(r.tbt <= tbtLimit)}; ${score}`,
    );
  }
  const home = results.get("home");
  if (home) {
    console.log(
      `  home: first-load JavaScript ${kb(home.firstLoadJs)} KB ≤ ${HOME_FIRST_LOAD_JS_TARGET / 1024} KB on the wire → ${verdict(home.firstLoadJs <= HOME_FIRST_LOAD_JS_TARGET)}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
