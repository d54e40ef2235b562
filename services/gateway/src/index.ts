export type { Broker, BrokerMessage, HistoryPolicy, PresenceStore } from "./broker.js";
export { Disconnect, ErrorCode, ReplyError, Unsubscribe } from "./codes.js";
export type { GatewayConfig, GatewayOptions, NamespaceOptions, RpcHandler, Timers } from "./config.js";
export { defaultNamespaces, realTimers } from "./config.js";
export { createGateway, type Gateway } from "./gateway.js";
export { createMemoryBroker, createMemoryPresence } from "./memory-broker.js";
export { createHttpPublisher, createRedisPublisher } from "./publishers.js";
export { createRedisBroker, createRedisPresence } from "./redis-broker.js";
