import type { LinkStatus, PublishFailure } from "@sportsbook/contracts";

interface WarnLog {
  warn(obj: object, msg?: string): void;
}

/**
 * How a realtime publication that failed after its cause committed is logged. While the broker's
 * connection (Redis) is down every publication fails, and one line each drowned the log; the
 * connection's own log tells the outage once with its cause, so the failures during it are told
 * once here and counted (`sportsbook_publish_failures_total`, the feed's
 * `sportsbook_feed_publish_failures_total`) rather than logged one by one.
 */
export function publishFailureLog(log: WarnLog, link: () => LinkStatus | undefined) {
  let toldOutage = false;
  return ({ channel, event, error }: PublishFailure): void => {
    const l = link();
    if (l && l.state !== "up") {
      if (!toldOutage)
        log.warn(
          { channel, event, cause: l.cause },
          "realtime publications fail while the broker is down: counted, not logged one by one",
        );
      toldOutage = true;
      return;
    }
    toldOutage = false;
    log.warn({ channel, event, err: error }, "realtime publication failed");
  };
}
