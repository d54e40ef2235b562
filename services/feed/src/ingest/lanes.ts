import type { FeedFrame } from "../model.js";

// The order frames are applied in. One lane applies every frame after the one before it. With
// several, frames of different events run side by side (at most `lanes` at once), frames of one
// event keep their order, and a frame that names no event (alive, producer-wide bet stop) waits
// for everything before it and holds back everything after it. A frame the caller marks
// `unordered` (a producer's heartbeat that changes nothing) waits only for the system frames before
// it and holds back nothing: a feed's heartbeats every few seconds would otherwise drain the lanes.

export interface FrameOrderOptions<O extends { position: number }, R> {
  lanes: number;
  apply: (frame: FeedFrame, origin: O | undefined) => Promise<R>;
  /**
   * Whether a frame is ordered against no frame of an event: it waits for the system frames before
   * it only, and nothing waits for it. Asked once per frame, when it is submitted.
   */
  unordered?: (frame: FeedFrame) => boolean;
  /** Told of a frame whose application failed; its caller gets the rejection too. */
  onFailure: (error: unknown, frame: FeedFrame) => void;
}

export interface FrameOrder<O extends { position: number }, R> {
  submit(frame: FeedFrame, origin?: O): Promise<R>;
  /** The position below which every submitted frame has been applied (with one lane, `position`). */
  watermark(position: number): number;
  /** Resolves once every frame submitted so far has been applied. */
  settled(): Promise<void>;
}

/** The event a frame belongs to, from its routing key; "system" when it names none. */
export function laneKey(frame: FeedFrame): string {
  const s = frame.routingKey.split(".");
  if (frame.provider === "betconstruct") return s[3] && s[3] !== "-" ? s[3] : "system";
  return s[5] && s[5] !== "-" && s[6] && s[6] !== "-" ? `${s[5]}:${s[6]}` : "system";
}

export function createFrameOrder<O extends { position: number }, R>(
  options: FrameOrderOptions<O, R>,
): FrameOrder<O, R> {
  const lanes = Math.max(1, Math.floor(options.lanes));
  return lanes === 1 ? inOneLane(options) : inLanes(lanes, options);
}

function inOneLane<O extends { position: number }, R>({
  apply,
  onFailure,
}: FrameOrderOptions<O, R>): FrameOrder<O, R> {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    submit(frame, origin) {
      const next = chain.then(() => apply(frame, origin));
      chain = next.catch((e: unknown) => onFailure(e, frame));
      return next;
    },
    watermark: (position) => position,
    settled: async () => {
      await chain;
    },
  };
}

function inLanes<O extends { position: number }, R>(
  lanes: number,
  { apply, onFailure, unordered }: FrameOrderOptions<O, R>,
): FrameOrder<O, R> {
  const laneTails = new Map<string, Promise<unknown>>();
  const inflight = new Set<Promise<unknown>>();
  const pending = new Set<number>();
  let barrier: Promise<unknown> = Promise.resolve();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= lanes) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    submit(frame, origin) {
      const position = origin?.position;
      if (position !== undefined) pending.add(position);
      const key = `${frame.provider}|${laneKey(frame)}`;
      let run: Promise<R>;
      if (unordered?.(frame)) {
        run = barrier.then(() => apply(frame, origin));
      } else if (key.endsWith("|system")) {
        run = Promise.all([barrier, ...inflight]).then(() => apply(frame, origin));
        // the chains only order frames; a failure is reported once, below
        barrier = run.catch(() => {});
      } else {
        const prev = laneTails.get(key) ?? Promise.resolve();
        run = Promise.all([prev, barrier]).then(() => slot(() => apply(frame, origin)));
        // the chains only order frames; a failure is reported once, below
        const tail = run.catch(() => {});
        laneTails.set(key, tail);
        void tail.then(() => {
          if (laneTails.get(key) === tail) laneTails.delete(key);
        });
      }
      const tracked = run.then(
        () => {},
        (e: unknown) => onFailure(e, frame),
      );
      inflight.add(tracked);
      void tracked.then(() => {
        inflight.delete(tracked);
        if (position !== undefined) pending.delete(position);
      });
      return run;
    },
    // frames finish out of order: only the position below which all are applied is safe to record
    watermark(position) {
      let min = position;
      for (const p of pending) if (p < min) min = p;
      return min - 1;
    },
    async settled() {
      while (inflight.size > 0) await Promise.all([barrier, ...inflight]);
      await barrier;
    },
  };
}
