import { useMemo, useSyncExternalStore } from "react";

/** The clock fields of a match's statistics (SPEC §3), as the feed last sent them. */
export interface ClockFields {
  match_time?: string | null;
  remaining_time?: string | null;
  /** Played beyond the period's end; the match time then stays at the period's length. */
  stoppage_time?: string | null;
  stopped?: boolean;
  clock_updated_at?: string | null;
}

/**
 * How far the page runs a clock on its own. Past this without an update the feed has gone quiet,
 * and a clock that kept running would show a time the match never reached.
 */
const MAX_RUN_S = 5 * 60;

const CLOCK_TEXT = /^(\d{1,3})(?::(\d{1,2}))?$/;

function format(total: number, withSeconds: boolean): string {
  const m = Math.floor(total / 60);
  return withSeconds ? `${m}:${String(total % 60).padStart(2, "0")}` : String(m);
}

/**
 * When the page takes the clock to have read as sent: the feed's own time when that is plausible
 * (not ahead of the browser, not older than the longest run), otherwise the moment the page saw it —
 * a provider's clock may be skewed, and a simulated feed may run faster than real time.
 */
export function clockAnchor(clock: ClockFields | undefined, seenMs: number): number {
  const sent = clock?.clock_updated_at ? Date.parse(clock.clock_updated_at) : Number.NaN;
  const age = seenMs - sent;
  return age >= 0 && age <= MAX_RUN_S * 1000 ? sent : seenMs;
}

/**
 * The clock as it reads at `nowMs`, having read as sent at `anchorMs`: moved on by the seconds since,
 * forwards for a match time and backwards for a remaining time; as sent when it is stopped. In
 * stoppage time the match time holds at the period's end and the added time runs after it
 * (`90+1:23`).
 */
export function clockText(
  clock: ClockFields | undefined,
  nowMs: number,
  anchorMs: number,
): string | undefined {
  const countdown = !clock?.match_time;
  const sent = clock?.match_time || clock?.remaining_time;
  if (!sent) return undefined;
  const m = CLOCK_TEXT.exec(sent);
  const added = !countdown && clock?.stoppage_time ? CLOCK_TEXT.exec(clock.stoppage_time) : null;
  if (!m) return sent;
  const frozen = clock?.stopped || nowMs <= 0;
  const run = frozen ? 0 : Math.min(MAX_RUN_S, Math.max(0, Math.floor((nowMs - anchorMs) / 1000)));
  if (added) return `${m[1]}+${format(seconds(added) + run, added[2] !== undefined)}`;
  if (frozen) return sent;
  const base = seconds(m);
  return format(countdown ? Math.max(0, base - run) : base + run, m[2] !== undefined);
}

const seconds = (m: RegExpExecArray) => Number(m[1]) * 60 + Number(m[2] ?? 0);

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribeSeconds(listener: () => void): () => void {
  listeners.add(listener);
  // One timer for every clock on the page, running only while a clock is shown.
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const never = () => () => {};
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/** The match clock, ticking every second while it runs; the server and first paint show it as sent. */
export function useMatchClock(clock: ClockFields | undefined, running: boolean): string | undefined {
  const ticks = running && !!clock && !clock.stopped;
  // Each clock the feed sends is anchored once, when this view first sees it.
  const anchor = useMemo(() => clockAnchor(clock, Date.now()), [clock]);
  const now = useSyncExternalStore(
    ticks ? subscribeSeconds : never,
    ticks ? currentSecond : () => 0,
    () => 0,
  );
  return clockText(clock, now, anchor);
}
