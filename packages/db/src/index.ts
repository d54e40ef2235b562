export * from "./database.js";
export * from "./ledger.js";
export * from "./market-settlement.js";
export * from "./named-statement.js";
export * from "./notifications.js";
export * from "./schema/index.js";
export * from "./session-lock.js";
export * from "./settlement.js";
