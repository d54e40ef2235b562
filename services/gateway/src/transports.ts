import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebSocket } from "ws";
import * as wsModule from "ws";
import { type Delivery, frameBytes } from "./hub.js";
import type { Transport } from "./session.js";

const textFrame = { binary: false };

/** `ws`'s framing function: not in its type definitions, but exported and relied on (see below). */
type FrameFunction = (
  data: Buffer,
  options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
) => Buffer[];
const frame = (wsModule as unknown as { Sender?: { frame?: FrameFunction } }).Sender?.frame;

const textMessage = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false };

/** A publication as one complete WebSocket text message, framed once for all its receivers. */
function wsMessage(d: Delivery): Buffer[] {
  d.wsMessage ??= [Buffer.concat((frame as FrameFunction)(frameBytes(d), textMessage))];
  return d.wsMessage;
}

interface SenderInternals {
  sendFrame(list: Buffer[], cb?: () => void): void;
}

/**
 * A WebSocket under a session: text frames out, close frames with the protocol code. A class
 * rather than closures, so a fan-out to many sessions reads one small object per session.
 */
class WebSocketTransport implements Transport {
  readonly emulation = false;
  /**
   * Where a shared push is written ready-framed, as Socket.IO does for broadcasts (the way `ws`'s
   * author suggests, websockets/ws#617): the frame is built once per publication instead of once
   * per receiver. Only without compression, the one case in which `ws` never holds frames back.
   */
  private readonly sender: SenderInternals | null;

  constructor(private readonly ws: WebSocket) {
    const sender = (ws as unknown as { _sender?: Partial<SenderInternals> })._sender;
    this.sender =
      frame && ws.extensions === "" && typeof sender?.sendFrame === "function"
        ? (sender as SenderInternals)
        : null;
  }
  write(data: string): void {
    this.ws.send(data, textFrame);
  }
  writeShared(d: Delivery): void {
    if (this.sender) this.sender.sendFrame(wsMessage(d));
    else this.ws.send(frameBytes(d), textFrame);
  }
  close(code: number, reason: string): void {
    const ws = this.ws;
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
  }
  pending(): number {
    return this.ws.bufferedAmount;
  }
  isOpen(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }
}

export function webSocketTransport(ws: WebSocket): Transport {
  return new WebSocketTransport(ws);
}

/**
 * An HTTP response streaming replies: one JSON object per line (http_stream) or one SSE event per
 * reply (sse). Without close codes, the end is a `disconnect` push followed by the end of the body.
 */
export function streamTransport(
  kind: "http_stream" | "sse",
  req: IncomingMessage,
  res: ServerResponse,
): Transport {
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  res.writeHead(200, {
    "content-type": kind === "sse" ? "text/event-stream; charset=utf-8" : "application/json",
    "cache-control": "no-cache, no-store",
    "x-accel-buffering": "no",
  });
  res.flushHeaders();
  const open = () => !res.writableEnded && !res.destroyed;
  const write = (text: string) => {
    if (kind === "http_stream") res.write(`${text}\n`);
    else res.write(`${text.replaceAll("\n", "\n\ndata: ").replace(/^/, "data: ")}\n\n`);
  };
  return {
    emulation: true,
    write,
    writeShared: (d) => write(d.frame),
    close(code, reason) {
      if (!open()) return;
      write(JSON.stringify({ push: { disconnect: { code, reason } } }));
      res.end();
    },
    pending: () => res.writableLength,
    isOpen: open,
  };
}

/** Reads a request body up to `limit` bytes; null when it is larger. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString();
}
