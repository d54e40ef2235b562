import type { DecodeResult } from "./decode-result.js";
import type { FeedEvent, FeedFrame, Provider } from "./model.js";
import { withinPriceBounds } from "./price-bounds.js";
import { createSwarmDecoder, decodeSwarm } from "./swarm/decode.js";
import { createSwarmEncoder } from "./swarm/encode.js";
import { decodeUof } from "./uof/decode.js";
import { encodeUof } from "./uof/encode.js";
import { identityMapping, type MarketMapping, oddinMapping } from "./uof/mapping.js";
import { uofRoutingKey } from "./uof/routing.js";

const MAPPINGS: Record<Exclude<Provider, "betconstruct">, MarketMapping> = {
  betradar: identityMapping,
  oddin: oddinMapping,
};

/** Decodes a frame with the given Swarm decoder; every provider's prices then pass the book's bounds. */
function decodeWith(swarm: (body: string) => DecodeResult, frame: Pick<FeedFrame, "provider" | "body">) {
  return withinPriceBounds(
    frame.provider === "betconstruct"
      ? swarm(frame.body)
      : decodeUof(frame.provider, MAPPINGS[frame.provider], frame.body),
  );
}

/** Decodes one provider frame into internal events (the single entry point of every adapter). */
export function decodeFrame(frame: Pick<FeedFrame, "provider" | "body">): DecodeResult {
  return decodeWith(decodeSwarm, frame);
}

/**
 * A decoder for one feed connection. Swarm's subscription deltas are read against the state earlier
 * frames left, so each connection keeps its own; UOF messages stand alone.
 */
export function createFrameDecoder(options: { now?: () => number } = {}) {
  const swarm = createSwarmDecoder(options.now);
  return (frame: Pick<FeedFrame, "provider" | "body">): DecodeResult => decodeWith(swarm, frame);
}

/** Writes internal events in each provider's own format, with the routing key a real feed would use. */
export function createFrameEncoder() {
  const swarm = createSwarmEncoder();
  return {
    encode(event: FeedEvent, ctx: { sportId: number; live: boolean }): FeedFrame | undefined {
      if (event.provider === "betconstruct") {
        const body = swarm.encode(event);
        if (body === undefined) return undefined;
        const target = "eventUrn" in event ? event.eventUrn : "-";
        return { provider: event.provider, routingKey: `swarm.${event.kind}.${ctx.sportId}.${target}`, body };
      }
      return {
        provider: event.provider,
        routingKey: uofRoutingKey(event, ctx.sportId, ctx.live),
        body: encodeUof(event, MAPPINGS[event.provider]),
      };
    },
  };
}
