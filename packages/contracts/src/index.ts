export * from "./errors.js";
export * from "./http/index.js";
export * from "./identity.js";
export * from "./periods.js";
export * from "./player-events.js";
export * from "./publisher.js";
export * from "./realtime.js";
export * from "./statistics.js";
