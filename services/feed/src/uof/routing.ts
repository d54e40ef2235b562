import type { FeedEvent } from "../model.js";

/**
 * UOF AMQP routing keys: `priority.prematch.live.msg_type.sport_id.urn_prefix:type.event_id.node_id`.
 * Settlements travel at low priority, everything else high; system messages use dashes.
 */
export function uofRoutingKey(event: FeedEvent, sportId: number, live: boolean): string {
  if (event.kind === "alive" || event.kind === "snapshot_complete") return `-.-.-.${event.kind}.-.-.-.-`;
  const urn = event.eventUrn;
  const cut = urn.lastIndexOf(":");
  const type = urn.slice(0, cut);
  const id = urn.slice(cut + 1);
  const low = event.kind === "bet_settlement" || event.kind === "rollback_bet_settlement";
  const priority = low ? "lo" : "hi";
  const both = event.kind === "fixture_change" || event.kind === "fixture";
  const pre = both || !live ? "pre" : "-";
  const liveSection = both || live ? "live" : "-";
  return `${priority}.${pre}.${liveSection}.${event.kind}.${sportId}.${type}.${id}.-`;
}

/** Routing-key bindings a UOF client uses to receive everything, including system messages. */
export const UOF_BINDINGS = ["*.*.*.*.*.*.*.*", "-.-.-.#"] as const;

export interface RoutingParts {
  priority: string;
  prematch: boolean;
  live: boolean;
  messageType: string;
  sportId: string;
  eventUrn?: string;
}

export function parseRoutingKey(key: string): RoutingParts | undefined {
  const s = key.split(".");
  if (s.length < 8) return undefined;
  const [priority = "-", pre = "-", live = "-", messageType = "-", sportId = "-", type = "-", id = "-"] = s;
  return {
    priority,
    prematch: pre === "pre",
    live: live === "live",
    messageType,
    sportId,
    ...(type !== "-" && id !== "-" ? { eventUrn: `${type}:${id}` } : {}),
  };
}
