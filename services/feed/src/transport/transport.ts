import type { LinkStatus } from "@sportsbook/contracts";
import type { FeedFrame } from "../model.js";

/** A frame in flight with its position in the source's sequence (for restart-safe checkpoints). */
export interface Delivery {
  frame: FeedFrame;
  position?: number;
}

/**
 * Carries provider frames from a producer (the simulator, a recording, a real feed) to the ingest.
 * A handler that resolves has applied the frame; delivery is at least once, in order.
 */
export interface FeedTransport {
  publish(delivery: Delivery): Promise<void>;
  subscribe(handler: (delivery: Delivery) => Promise<void>): Promise<void>;
  /** Whether frames can flow now; while it is down the ingest cannot hear its producers. */
  status(): LinkStatus;
  /** Told when the connection goes down (or its cause changes) and when it is up again. */
  onStatus(listener: (status: LinkStatus) => void): void;
  close(): Promise<void>;
}
