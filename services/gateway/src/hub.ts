import type { Broker, BrokerMessage } from "./broker.js";

/** What the hub hands a session: one frame, encoded once for every receiver. */
export interface Delivery {
  channel: string;
  kind: "pub" | "join" | "leave";
  offset?: number;
  epoch?: string;
  frame: string;
  /** The frame's UTF-8 bytes, made by the first receiver that sends it alone and shared after. */
  bytes?: Buffer;
  /** The whole WebSocket message (header and bytes) as `ws` writes it, made once like `bytes`. */
  wsMessage?: Buffer[];
  /** The turn of the event loop it was published in. */
  turn: number;
}

export function frameBytes(d: Delivery): Buffer {
  d.bytes ??= Buffer.from(d.frame);
  return d.bytes;
}

/** A session's subscription to one channel. */
export interface HubMember {
  deliver(d: Delivery): void;
  /** Live delivery of the channel may have lost messages: recover. */
  resync(): void;
}

interface Entry {
  members: Set<HubMember>;
  ready: Promise<void>;
}

/**
 * Which local sessions listen to which channel. The node subscribes to a channel at the broker
 * when its first session joins and leaves it with its last one; each publication is encoded once.
 */
export class Hub {
  private readonly channels = new Map<string, Entry>();

  /** `turn`: a number that changes with each turn of the event loop. */
  constructor(
    private readonly broker: Broker,
    private readonly turn: () => number,
    private readonly onError: (err: unknown) => void,
  ) {
    broker.onMessage((msg) => this.dispatch(msg));
    broker.onResync(() => {
      for (const e of this.channels.values()) for (const m of [...e.members]) m.resync();
    });
  }

  /** Adds a member; resolves once the broker delivers the channel to this node. */
  add(channel: string, member: HubMember): Promise<void> {
    let e = this.channels.get(channel);
    if (!e) {
      e = { members: new Set(), ready: this.broker.subscribe(channel) };
      this.channels.set(channel, e);
    }
    e.members.add(member);
    return e.ready;
  }

  remove(channel: string, member: HubMember): void {
    const e = this.channels.get(channel);
    if (!e?.members.delete(member)) return;
    if (e.members.size === 0) {
      this.channels.delete(channel);
      this.broker.unsubscribe(channel).catch(this.onError);
    }
  }

  channelCount(): number {
    return this.channels.size;
  }

  private dispatch(msg: BrokerMessage): void {
    const e = this.channels.get(msg.channel);
    if (!e || e.members.size === 0) return;
    const turn = this.turn();
    const d: Delivery =
      msg.kind === "pub"
        ? {
            channel: msg.channel,
            kind: "pub",
            offset: msg.offset,
            epoch: msg.epoch,
            frame:
              msg.json === undefined
                ? JSON.stringify({ push: { channel: msg.channel, pub: msg.pub } })
                : `{"push":{"channel":${JSON.stringify(msg.channel)},"pub":${msg.json}}}`,
            // Present from the start, so every delivery object keeps one shape.
            bytes: undefined,
            wsMessage: undefined,
            turn,
          }
        : {
            channel: msg.channel,
            kind: msg.kind,
            frame: JSON.stringify({ push: { channel: msg.channel, [msg.kind]: { info: msg.info } } }),
            bytes: undefined,
            wsMessage: undefined,
            turn,
          };
    for (const m of e.members) m.deliver(d);
  }
}
