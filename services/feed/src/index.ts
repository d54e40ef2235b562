export { createFrameEncoder, decodeFrame } from "./adapters.js";
export type { DecodeErrorCode, DecodeResult } from "./decode-result.js";
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
  createSimulator,
  PRODUCERS,
  type SimMessage,
  type Simulator,
  type SimulatorOptions,
} from "./sim/simulator.js";
