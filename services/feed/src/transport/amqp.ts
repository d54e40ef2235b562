import amqp from "amqplib";
import type { Provider } from "../model.js";
import { UOF_BINDINGS } from "../uof/routing.js";
import type { Delivery, FeedTransport } from "./transport.js";

/** Topic exchanges per provider: UOF's `unifiedfeed`, Oddin's `oddinfeed`, and one for Swarm frames. */
export const EXCHANGES: Record<Provider, string> = {
  betradar: "unifiedfeed",
  oddin: "oddinfeed",
  betconstruct: "swarmfeed",
};

export interface AmqpTransportOptions {
  url: string;
  /** Durable queue of this consumer; messages wait there while the ingest is down. */
  queue?: string;
  /** Prefix for exchange names, so test suites do not see each other. */
  prefix?: string;
  /** Unacknowledged messages in flight (the ingest's lanes); 1 keeps strict order. */
  prefetch?: number;
}

/**
 * AMQP (RabbitMQ) transport with UOF routing keys. The consumer binds the UOF keys (`*.*.*.#` and
 * `-.-.-.#` for system messages) plus `swarm.#`, acknowledges only after the ingest has applied a
 * frame, and by default handles one frame at a time so order is kept (more with ingest lanes, which keep
 * the order per event).
 */
export async function createAmqpTransport(options: AmqpTransportOptions): Promise<FeedTransport> {
  const conn = await amqp.connect(options.url);
  const pub = await conn.createConfirmChannel();
  const prefix = options.prefix ?? "";
  const exchange = (p: Provider) => `${prefix}${EXCHANGES[p]}`;
  for (const p of Object.keys(EXCHANGES) as Provider[])
    await pub.assertExchange(exchange(p), "topic", { durable: true });
  let consumer: amqp.Channel | undefined;
  return {
    async publish(d) {
      const headers: Record<string, unknown> = { "x-provider": d.frame.provider };
      if (d.position !== undefined) headers["x-position"] = d.position;
      await new Promise<void>((resolve, reject) => {
        pub.publish(
          exchange(d.frame.provider),
          d.frame.routingKey,
          Buffer.from(d.frame.body),
          { persistent: true, headers },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },
    async subscribe(handler) {
      const ch = await conn.createChannel();
      consumer = ch;
      await ch.prefetch(options.prefetch ?? 1);
      const queue = `${prefix}${options.queue ?? "sportsbook.feed"}`;
      await ch.assertQueue(queue, { durable: true });
      for (const p of Object.keys(EXCHANGES) as Provider[]) {
        const keys = p === "betconstruct" ? ["swarm.#"] : [...UOF_BINDINGS];
        for (const key of keys) await ch.bindQueue(queue, exchange(p), key);
      }
      await ch.consume(queue, (msg) => {
        if (!msg) return;
        const provider = msg.properties.headers?.["x-provider"] as Provider | undefined;
        const positionRaw = msg.properties.headers?.["x-position"];
        const fromExchange = (Object.keys(EXCHANGES) as Provider[]).find(
          (p) => exchange(p) === msg.fields.exchange,
        );
        const delivery: Delivery = {
          frame: {
            provider: provider ?? fromExchange ?? "betradar",
            routingKey: msg.fields.routingKey,
            body: msg.content.toString("utf8"),
          },
          ...(typeof positionRaw === "number" ? { position: positionRaw } : {}),
        };
        handler(delivery).then(
          () => ch.ack(msg),
          // the ingest failed (not a bad message, those are rejected and acknowledged): try again later
          () => ch.nack(msg, false, true),
        );
      });
    },
    async close() {
      // closing: a channel or connection already gone has nothing left to release
      await consumer?.close().catch(() => {});
      await pub.close().catch(() => {});
      await conn.close().catch(() => {});
    },
  };
}
