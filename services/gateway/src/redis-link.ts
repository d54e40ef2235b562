import { createLink, type LinkState, type LinkStatus, type RetryPolicy } from "@sportsbook/contracts";
import type { Redis } from "ioredis";

export interface RedisLinkOptions {
  /** The setting an operator fixes when Redis refuses (named in the cause). */
  setting?: string;
  now: () => number;
  random: () => number;
  policy?: RetryPolicy;
  /** Told once when Redis goes out of reach (and when the cause changes), and once when it is back. */
  onChange?: (status: LinkStatus) => void;
  /** Counts each failed or lost connection by kind (refused, lost). */
  onFailure?: (kind: "refused" | "lost") => void;
  /** Every change of state, the first connection included. */
  onState?: (state: LinkState) => void;
}

/** How Redis words a refusal retrying cannot fix: a wrong password, a user without the command. */
const REFUSED = /WRONGPASS|NOAUTH|NOPERM|invalid password|ERR AUTH/i;

/**
 * The state of this node's Redis connections, as one link: every connection's error is kept as its
 * cause, ioredis reconnects on the wait `retryStrategy` answers (jittered backoff, the slow pace
 * after a refusal), and a lost Redis is told once however many connections and attempts fail.
 */
export function createRedisLink(options: RedisLinkOptions) {
  const setting = options.setting ?? "REDIS_URL";
  const link = createLink({
    now: options.now,
    random: options.random,
    ...(options.policy ? { policy: options.policy } : {}),
    onDown: (s) => options.onChange?.(s),
    ...(options.onState ? { onState: options.onState } : {}),
    onUp: () => options.onChange?.(link.status()),
  });
  return {
    status: (): LinkStatus => link.status(),
    /** Options of a connection that reports to this link. */
    redisOptions(lastError: { message?: string }) {
      return {
        retryStrategy: () => {
          const message = lastError.message ?? "connection closed";
          const refused = REFUSED.test(message);
          options.onFailure?.(refused ? "refused" : "lost");
          return link.failed(
            refused
              ? `Redis refused the connection (${message}): check the user and password in ${setting}`
              : `Redis at ${setting} is out of reach (${message})`,
            refused,
          );
        },
      };
    },
    /** Watches a connection made with `redisOptions(lastError)` for the same `lastError`. */
    watch(r: Redis, lastError: { message?: string }): void {
      // every error is kept as the cause the next retry reports, so none goes unreported
      r.on("error", (err: Error) => {
        lastError.message = err.message;
      });
      r.on("ready", () => {
        lastError.message = undefined;
        link.up();
      });
    },
  };
}

export type RedisLink = ReturnType<typeof createRedisLink>;
