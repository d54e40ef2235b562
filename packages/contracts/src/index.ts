export * from "./publisher.js";
export * from "./errors.js";
export * from "./http/index.js";
export * from "./realtime.js";
export * from "./identity.js";
