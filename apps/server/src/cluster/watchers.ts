import { Centrifuge, type PublicationContext, type SubscribedContext } from "centrifuge";
import WebSocket from "ws";

/**
 * A realtime client through the load balancer, subscribed to match channels, that checks every
 * publication's offset follows the one before on its channel, across reconnects to other nodes.
 */
export interface Watcher {
  /** Times the client connected (1 = never reconnected). */
  connections(): number;
  /** Whether every channel is subscribed now and its last (re)subscription recovered what it missed. */
  settled(): boolean;
  /** Publications skipped (an offset jump) or not recovered after a reconnect. */
  gaps(): number;
  /** Publications received. */
  received(): number;
  close(): void;
}

export function watch(url: string, channels: string[]): Promise<Watcher> {
  const client = new Centrifuge(`${url.replace(/^http/, "ws")}/connection/websocket`, {
    websocket: WebSocket,
    // reconnect soon after a node's death, as a browser would, without hammering the survivors
    minReconnectDelay: 200,
    maxReconnectDelay: 2_000,
  });
  let connections = 0;
  let gaps = 0;
  let received = 0;
  const last = new Map<string, number>();
  const good = new Map<string, boolean>();
  client.on("connected", () => {
    connections += 1;
  });
  const subscribedAll = channels.map((channel) => {
    const sub = client.newSubscription(channel);
    good.set(channel, false);
    sub.on("subscribing", () => good.set(channel, false));
    sub.on("subscribed", (ctx: SubscribedContext) => {
      if (ctx.wasRecovering && !ctx.recovered) gaps += 1;
      if (!ctx.wasRecovering && ctx.streamPosition) last.set(channel, ctx.streamPosition.offset);
      good.set(channel, !ctx.wasRecovering || ctx.recovered);
    });
    sub.on("publication", (ctx: PublicationContext) => {
      received += 1;
      // a publication without its offset cannot be checked for a gap before it, so it counts as one
      if (ctx.offset === undefined) {
        gaps += 1;
        return;
      }
      const before = last.get(channel);
      if (before !== undefined && ctx.offset > before + 1) gaps += ctx.offset - before - 1;
      if (before === undefined || ctx.offset > before) last.set(channel, ctx.offset);
    });
    const first = new Promise<void>((resolve) => sub.once("subscribed", () => resolve()));
    sub.subscribe();
    return first;
  });
  client.connect();
  return Promise.all(subscribedAll).then(() => ({
    connections: () => connections,
    settled: () => client.state === "connected" && [...good.values()].every(Boolean),
    gaps: () => gaps,
    received: () => received,
    close: () => client.disconnect(),
  }));
}
