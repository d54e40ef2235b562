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

/** A publication that failed after its cause committed. */
export interface PublishFailure {
  channel: string;
  /** The event's `type`. */
  event: string;
  error: unknown;
}

/**
 * Publishes an event whose cause has already committed. The cause cannot be undone, so a failure
 * goes to `onFailure` (which counts and logs it) instead of being thrown: subscribers catch up
 * from the channel's history or their next read.
 */
export async function publishAfterCommit(
  publisher: RealtimePublisher,
  channel: string,
  data: { type: string },
  onFailure: (failure: PublishFailure) => void,
): Promise<void> {
  try {
    await publisher.publish(channel, data);
  } catch (error) {
    onFailure({ channel, event: data.type, error });
  }
}
