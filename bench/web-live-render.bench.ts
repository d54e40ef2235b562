// Live-update rendering: 200 matches (600 price cells) receiving 1,000 odds changes per second in
// Chromium, for the product's renderer (per-cell subscriptions to the live store, one flush per frame)
// and, as the baseline in the same run, one React state for all odds. Prints dropped frames, long
// tasks (> 50 ms) and the longest task. Target: no long task over 50 ms for the product's renderer.
import { join } from "node:path";
import { launchChromium } from "@sportsbook/web/testing/browser";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHANGES_PER_SECOND = 1000;
const TICK_MS = 10;
/** CPU slowdown as Lighthouse's mobile preset applies it (4×), so the figure speaks for a mid-range phone. */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

const bundle = await build({
  entryPoints: [join(ROOT, "apps/web/bench/live-grid.tsx")],
  bundle: true,
  write: false,
  format: "iife",
  minify: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "error",
  // The price cell imports its CSS module: esbuild needs somewhere it would put the stylesheet, which
  // the page below replaces with a light style of its own that both renderers share.
  outdir: join(ROOT, ".cache/bench-live-grid"),
});
const script = bundle.outputFiles.find((f) => f.path.endsWith(".js"))?.text ?? "";

interface Result {
  scriptMs: number;
  taskMs: number;
  frames: number;
  droppedFrames: number;
  longTasks: number;
  longestTaskMs: number;
  changes: number;
}

async function run(mode: "store" | "baseline"): Promise<Result> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(
      `<!doctype html><html><head><style>
        button{display:inline-flex;gap:6px;margin:2px;padding:4px 8px}.match-card{list-style:none;padding:4px}
      </style></head><body><div id="root"></div></body></html>`,
    );
    await page.addScriptTag({ content: script });
    await page.evaluate(`window.__mount(${JSON.stringify(mode)})`);
    await page.waitForTimeout(500);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    if (CPU_SLOWDOWN > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const metric = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      const get = (n: string) => metrics.find((m) => m.name === n)?.value ?? 0;
      return { script: get("ScriptDuration"), task: get("TaskDuration") };
    };
    const before = await metric();
    // Sent as source text: functions compiled by tsx carry helpers the page does not have.
    const perTick = (CHANGES_PER_SECOND * TICK_MS) / 1000;
    const measured = (await page.evaluate(`new Promise((resolve) => {
      let longTasks = 0, longest = 0;
      const obs = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) { longTasks += 1; longest = Math.max(longest, e.duration); }
      });
      obs.observe({ type: "longtask", buffered: false });
      let frames = 0, dropped = 0, last = performance.now(), running = true;
      const frame = (t) => {
        const gap = t - last; last = t; frames += 1;
        // A gap of more than 1.5 frames (60 Hz) means at least one frame was missed.
        if (gap > 25) dropped += Math.round(gap / 16.7) - 1;
        if (running) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      let changes = 0;
      const timer = setInterval(() => { window.__bench.change(${perTick}); changes += ${perTick}; }, ${TICK_MS});
      setTimeout(() => {
        running = false; clearInterval(timer); obs.disconnect();
        resolve({ frames, droppedFrames: dropped, longTasks, longestTaskMs: Math.round(longest), changes });
      }, ${SECONDS * 1000});
    })`)) as Omit<Result, "scriptMs" | "taskMs">;
    const after = await metric();
    return {
      ...measured,
      scriptMs: Math.round(((after.script - before.script) * 1000) / SECONDS),
      taskMs: Math.round(((after.task - before.task) * 1000) / SECONDS),
    };
  } finally {
    await browser.close();
  }
}

const baseline = await run("baseline");
const product = await run("store");
const row = (name: string, r: Result) =>
  [
    name.padEnd(44),
    String(r.changes).padStart(7),
    String(r.scriptMs).padStart(11),
    String(r.taskMs).padStart(9),
    String(r.frames).padStart(7),
    String(r.droppedFrames).padStart(8),
    String(r.longTasks).padStart(10),
    String(r.longestTaskMs).padStart(11),
  ].join(" ");
console.log(
  `live updates: 200 matches, ${CHANGES_PER_SECOND} odds changes/s for ${SECONDS} s, Chromium, CPU ${CPU_SLOWDOWN}× slower`,
);
console.log(
  `${"renderer".padEnd(44)} changes  script ms/s  busy ms/s  frames  dropped  longtasks  longest ms`,
);
console.log(row("baseline: one state for all odds", baseline));
console.log(row("product: per-cell live store subscriptions", product));
console.log(`target: no long task over 50 ms → ${product.longTasks === 0 ? "met" : "NOT met"}`);
