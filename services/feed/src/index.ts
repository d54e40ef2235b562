export { createFrameDecoder, createFrameEncoder, decodeFrame } from "./adapters.js";
export type { DecodeErrorCode, DecodeResult } from "./decode-result.js";
export { createFeed, type Feed, type FeedClock, type FeedConfig, type FeedLinkStatus } from "./feed.js";
export {
  createFeedLeadership,
  FEED_LEADER_LOCK,
  type FeedLeadership,
  LEADER_POLL_MS,
} from "./freshness/leadership.js";
export {
  createFreshnessMonitor,
  type FeedFreshnessReport,
  FRESHNESS_READ_MS,
  type FreshnessMonitor,
} from "./freshness/monitor.js";
export { DEFAULT_STALE_THRESHOLDS, isStale, type StaleThresholds } from "./freshness/rule.js";
export { createFeedHealth, type FeedHealth } from "./ingest/health.js";
export {
  createFeedHealthBoard,
  type FeedActivity,
  type FeedHealthBoard,
} from "./ingest/health-board.js";
export {
  createIngest,
  type FeedLogger,
  type FrameOrigin,
  type HandleReport,
  type Ingest,
  silentLogger,
} from "./ingest/ingest.js";
export { MARKETS, marketName, outcomeName } from "./markets.js";
export * from "./model.js";
export {
  environmentEndpoints,
  isUofProvider,
  UOF_ENVIRONMENTS,
  UOF_PROVIDERS,
  type UofEndpoints,
  type UofEnvironment,
  type UofProvider,
} from "./provider/environments.js";
export { createProviderFeed, type ProviderFeed, type ProviderFeedConfig } from "./provider/provider-feed.js";
export { createRecorder, type RecordedFrame, readRecording, replay } from "./record.js";
export { SANDBOX_CHANNEL } from "./sim/matches.js";
export {
  createSimulator,
  PRODUCERS,
  type SimMessage,
  type Simulator,
  type SimulatorOptions,
} from "./sim/simulator.js";
export { createSwarmTransport, type SwarmSubscription } from "./swarm/client.js";
export { createSwarmFeed, DEFAULT_SWARM_SUBSCRIPTIONS, type SwarmFeedConfig } from "./swarm/swarm-feed.js";
export { createAmqpTransport, EXCHANGES } from "./transport/amqp.js";
export { createInProcessTransport } from "./transport/inprocess.js";
export type { Delivery, FeedTransport } from "./transport/transport.js";
