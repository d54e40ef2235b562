/**
 * How every connection to the outside (the feed's broker, Redis, SMTP, the SMS gateway, the payment
 * provider) waits between attempts and says what state it is in. Time and chance are arguments, so
 * tests drive it with a fixed clock and random stream.
 */
export interface RetryPolicy {
  /** Wait after the first failure. */
  firstMs: number;
  /** The longest wait between two attempts of a failure retrying may fix. */
  maxMs: number;
  /** Wait between attempts after a refusal retrying cannot fix (credentials, permissions). */
  refusedMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstMs: 500, maxMs: 30_000, refusedMs: 60_000 };

/**
 * The wait before attempt `failures + 1`: doubling from `firstMs` up to `maxMs`, with "equal
 * jitter" (half fixed, half drawn from `random` in [0, 1)) so that nodes cut off together do not
 * come back in step, and a retry never spins. A refusal waits `refusedMs`, jittered by a tenth.
 */
export function retryDelay(policy: RetryPolicy, failures: number, random: number, refused = false): number {
  if (refused) return Math.round(policy.refusedMs * (0.9 + 0.2 * random));
  const ceiling = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** A connection is being opened for the first time, works, or is down (and retried). */
export const LINK_STATES = ["connecting", "up", "down"] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** A connection's state as health figures and readiness report it. */
export interface LinkStatus {
  state: LinkState;
  /** Why it is down (the last failure), in words an operator can act on. */
  cause?: string;
  /** The cause is a refusal retrying cannot fix; attempts go on at the slow pace. */
  refused?: boolean;
  /** Epoch ms of the last change of state. */
  since: number;
  /** Failed attempts since it was last up. */
  failures: number;
}

export interface LinkEvents {
  /** The link went down, or its cause changed while down: log this once. */
  onDown?(status: LinkStatus): void;
  /** The link is up again after `failures` failed attempts (`downMs` after it went down). */
  onUp?(status: LinkStatus, downMs: number): void;
  /** Every change of state, the first connection included (for gauges). */
  onState?(state: LinkState): void;
}

export interface Link {
  status(): LinkStatus;
  /** Records a failed attempt or a lost connection; answers how long to wait before the next attempt. */
  failed(cause: string, refused?: boolean): number;
  /** Records a working connection. */
  up(): void;
}

/**
 * Tracks one outside connection: tells `onDown` once per outage (and again only when the cause
 * changes, e.g. from unreachable to refused), tells `onUp` once when it returns, and answers each
 * failure with the backoff to wait.
 */
export function createLink(
  options: LinkEvents & { now: () => number; random: () => number; policy?: RetryPolicy },
): Link {
  const policy = options.policy ?? DEFAULT_RETRY;
  let status: LinkStatus = { state: "connecting", since: options.now(), failures: 0 };
  return {
    status: () => status,
    failed(cause, refused = false) {
      const wasDown = status.state === "down";
      const changed = !wasDown || status.cause !== cause || (status.refused ?? false) !== refused;
      status = {
        state: "down",
        cause,
        ...(refused ? { refused } : {}),
        since: wasDown ? status.since : options.now(),
        failures: status.failures + 1,
      };
      if (!wasDown) options.onState?.("down");
      if (changed) options.onDown?.(status);
      return retryDelay(policy, status.failures, options.random(), refused);
    },
    up() {
      const before = status;
      status = { state: "up", since: options.now(), failures: 0 };
      if (before.state !== "up") options.onState?.("up");
      if (before.state === "down") options.onUp?.({ ...before }, options.now() - before.since);
    },
  };
}
