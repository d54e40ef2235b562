import { Counter, Gauge, Registry } from "prom-client";

/** Prometheus metrics of one gateway node, in their own registry so several nodes can share a process. */
export function createGatewayMetrics() {
  const registry = new Registry();
  // Counted on the hot path as a plain number, folded into the counter when scraped.
  let pendingOut = 0;
  return {
    countOut(n: number) {
      pendingOut += n;
    },
    registry,
    connections: new Gauge({
      name: "realtime_connections",
      help: "Connected clients",
      registers: [registry],
    }),
    subscriptions: new Gauge({
      name: "realtime_subscriptions",
      help: "Active channel subscriptions",
      registers: [registry],
    }),
    messagesIn: new Counter({
      name: "realtime_commands_total",
      help: "Commands received from clients",
      registers: [registry],
    }),
    messagesOut: new Counter({
      name: "realtime_messages_sent_total",
      help: "Replies and pushes written to clients",
      registers: [registry],
      collect() {
        this.inc(pendingOut);
        pendingOut = 0;
      },
    }),
    publications: new Counter({
      name: "realtime_publications_total",
      help: "Publications accepted from services and clients",
      registers: [registry],
    }),
    droppedSlow: new Counter({
      name: "realtime_slow_clients_dropped_total",
      help: "Clients disconnected because their outgoing queue exceeded its bound",
      registers: [registry],
    }),
    redisFailures: new Counter({
      name: "realtime_redis_failures_total",
      help: "Failed or lost Redis connections, by kind (refused, lost)",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    redisUp: new Gauge({
      name: "realtime_redis_up",
      help: "1 while the Redis broker is reachable, 0 while it is not",
      registers: [registry],
    }),
    brokerErrors: new Counter({
      name: "realtime_broker_errors_total",
      help: "Broker and presence operations that failed in the background",
      registers: [registry],
    }),
    recoveries: new Counter({
      name: "realtime_recoveries_total",
      help: "Subscriptions that asked to recover missed publications",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
  };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
