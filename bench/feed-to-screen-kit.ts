// Helpers of `feed-to-screen.bench.ts`: the injected prices' ledger (which sent price a seen value
// answers), a plain realtime client in Node (the baseline), and the page's clock against Node's.
import type { Page } from "playwright-core";
import WebSocket from "ws";

/** One clock for Node: epoch ms at sub-millisecond resolution. */
export const now = () => performance.timeOrigin + performance.now();

/** A price cell: the match's id as the API and the page name it, and the outcome's id. */
export const cellKey = (matchId: number | string, outcomeId: string) => `${matchId}/${outcomeId}`;

interface Sent {
  odds: number;
  at: number;
}

/**
 * The prices sent, per cell in send order, and what an observer saw of them. A value seen answers
 * the first price after the last one matched with that value; the prices it skips were superseded
 * before this observer showed them (a page paints the latest price of a frame, not every one).
 * Values a cell takes within its window never repeat (`nextOdds`), so a match is never ambiguous.
 */
export class Ledger {
  private readonly cells = new Map<string, Sent[]>();

  send(key: string, odds: number, at: number): void {
    let list = this.cells.get(key);
    if (!list) {
      list = [];
      this.cells.set(key, list);
    }
    list.push({ odds, at });
  }

  /** Prices sent inside [from, to). */
  sentBetween(from: number, to: number): number {
    let n = 0;
    for (const list of this.cells.values()) for (const s of list) if (s.at >= from && s.at < to) n += 1;
    return n;
  }

  /** A fresh observer of the same prices, with cursors of its own. */
  observer(): Observer {
    return new Observer(this.cells);
  }
}

export class Observer {
  private readonly cursors = new Map<string, number>();
  /** Each price matched: when it was sent, and how long it took to reach this observer (ms). */
  readonly seen: [number, number][] = [];
  /** Cells of which at least one price was seen. */
  readonly cellsSeen = new Set<string>();
  /** When each superseded price was sent. */
  readonly superseded: number[] = [];
  /** Values seen that no sent price explains (the feed's own changes, or a mismatch). */
  unexplained = 0;

  constructor(private readonly cells: Map<string, Sent[]>) {}

  see(key: string, odds: number, at: number): void {
    const list = this.cells.get(key);
    const from = this.cursors.get(key) ?? 0;
    if (!list) {
      this.unexplained += 1;
      return;
    }
    for (let i = from; i < list.length; i++) {
      const s = list[i];
      if (s?.odds !== odds) continue;
      for (let j = from; j < i; j++) this.superseded.push(list[j]?.at ?? Number.NaN);
      this.cursors.set(key, i + 1);
      this.seen.push([s.at, at - s.at]);
      this.cellsSeen.add(key);
      return;
    }
    this.unexplained += 1;
  }

  /** Prices sent inside [from, to) superseded by a later one seen. */
  supersededBetween(from: number, to: number): number {
    return this.superseded.filter((at) => at >= from && at < to).length;
  }

  /** Prices sent inside [from, to) neither seen nor superseded by one seen: still on their way, or lost. */
  missingBetween(from: number, to: number): number {
    let n = 0;
    for (const [key, list] of this.cells)
      for (const s of list.slice(this.cursors.get(key) ?? 0)) if (s.at >= from && s.at < to) n += 1;
    return n;
  }
}

/** Rounds of a cell's price about its opening one, so a value recurs only after `ODDS_STEPS` changes. */
const ODDS_STEPS = 40;

/** The `seq`-th price of a cell opened at `base` (odds × 1000): steps of 0.01 about it, never below 1.02. */
export function nextOdds(base: number, seq: number): number {
  const step = (seq % ODDS_STEPS) + 1;
  return Math.max(base, 1010 + (ODDS_STEPS / 2) * 10) - (ODDS_STEPS / 2) * 10 + step * 10;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface MarketsChanged {
  type: "markets_changed";
  match_id: number | string;
  markets: { outcomes: { id: string | number; odds: number }[] }[];
}

const SUBSCRIBES_PER_SECOND = 40;

/**
 * A plain realtime client on the gateway's WebSocket (Centrifuge's JSON protocol, no library), on
 * every channel given: each `markets_changed` outcome is handed to `onPrice` as it arrives.
 */
export async function plainClient(
  baseUrl: string,
  channels: string[],
  onPrice: (key: string, odds: number, at: number) => void,
): Promise<{ close(): void }> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/connection/websocket`);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let pending = channels.length;
  const subscribed = new Promise<void>((resolve, reject) => {
    ws.on("message", (raw: Buffer) => {
      const at = now();
      for (const line of raw.toString().split("\n")) {
        if (line === "") continue;
        const msg = JSON.parse(line) as {
          id?: number;
          error?: unknown;
          push?: { pub?: { data?: MarketsChanged } };
        };
        // an empty object is the server's ping; the pong is one too
        if (Object.keys(msg).length === 0) {
          ws.send("{}");
          continue;
        }
        if (msg.error) reject(new Error(`realtime: ${JSON.stringify(msg.error)}`));
        if (msg.id !== undefined && msg.id > 1 && --pending === 0) resolve();
        const data = msg.push?.pub?.data;
        if (data?.type !== "markets_changed") continue;
        for (const m of data.markets)
          for (const o of m.outcomes) onPrice(cellKey(data.match_id, String(o.id)), o.odds, at);
      }
    });
  });
  ws.send(JSON.stringify({ id: 1, connect: {} }));
  // the gateway takes 50 commands a second per connection (a burst of 100): 40 a second stays under it
  for (let i = 0; i < channels.length; i += SUBSCRIBES_PER_SECOND) {
    if (i > 0) await new Promise((r) => setTimeout(r, 1000));
    channels.slice(i, i + SUBSCRIBES_PER_SECOND).forEach((channel, j) => {
      ws.send(JSON.stringify({ id: i + j + 2, subscribe: { channel } }));
    });
  }
  await subscribed;
  return { close: () => ws.close() };
}

/**
 * The page's clock (`performance.timeOrigin + performance.now()`) minus Node's, from the round trip
 * with the least time of `rounds`: the page's reading is taken as made halfway through it.
 */
export async function pageClockOffset(page: Page, rounds = 30): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Number.POSITIVE_INFINITY };
  for (let i = 0; i < rounds; i++) {
    const t0 = now();
    const pageNow = (await page.evaluate("performance.timeOrigin + performance.now()")) as number;
    const t1 = now();
    if (t1 - t0 < best.rtt) best = { offset: pageNow - (t0 + t1) / 2, rtt: t1 - t0 };
  }
  return best;
}

/** Installed in the page: every change of a price cell's `data-odds`, with the page's time of it. */
export const OBSERVER_SCRIPT = `(() => {
  const seen = [];
  window.__prices = seen;
  new MutationObserver((records) => {
    const at = performance.timeOrigin + performance.now();
    for (const r of records) {
      const el = r.target;
      const cell = el.closest("[data-outcome]");
      const card = el.closest("[data-match]");
      if (!cell || !card) continue;
      seen.push([card.getAttribute("data-match"), cell.getAttribute("data-outcome"), Number(el.getAttribute("data-odds")), at]);
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-odds"] });
})()`;
