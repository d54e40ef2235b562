/**
 * How the API and the feed hand realtime publications to the gateway. In one process this is the
 * gateway's in-process broker; split across hosts it goes over Redis or HTTP.
 */
export interface RealtimePublisher {
  /** Publishes `data` on `channel`; resolves once the broker has accepted it (and stored it in history). */
  publish(channel: string, data: unknown): Promise<void>;
}

/** A publisher that drops everything: for tools and tests that run without a gateway. */
export const nullPublisher: RealtimePublisher = {
  async publish() {},
};
