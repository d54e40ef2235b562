import type { LinkStatus } from "@sportsbook/contracts";
import type { Delivery, FeedTransport } from "./transport.js";

/** The default transport: frames go straight to the subscriber in the same process, in order. */
export function createInProcessTransport(): FeedTransport {
  let handler: ((d: Delivery) => Promise<void>) | undefined;
  let chain: Promise<void> = Promise.resolve();
  // nothing between the producer and the ingest can fail: always up
  const up: LinkStatus = { state: "up", since: 0, failures: 0 };
  return {
    status: () => up,
    onStatus() {},
    publish(delivery) {
      const h = handler;
      if (!h) return Promise.resolve();
      const next = chain.then(() => h(delivery));
      // the chain only orders deliveries; the failure reaches the caller through `next`
      chain = next.catch(() => {});
      return next;
    },
    async subscribe(h) {
      handler = h;
    },
    async close() {
      await chain;
      handler = undefined;
    },
  };
}
