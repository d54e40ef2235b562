import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { LinkStatus, RealtimePublisher } from "@sportsbook/contracts";
import { type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import type { Broker, PresenceStore } from "./broker.js";
import { Disconnect, type DisconnectReason } from "./codes.js";
import { type GatewayConfig, type GatewayOptions, resolveConfig } from "./config.js";
import { Hub } from "./hub.js";
import { createMemoryBroker, createMemoryPresence } from "./memory-broker.js";
import { createGatewayMetrics, type GatewayMetrics } from "./metrics.js";
import { createRedisBroker, createRedisPresence } from "./redis-broker.js";
import { createRedisLink } from "./redis-link.js";
import { resolveChannel, Session, type Transport } from "./session.js";
import { createTokenVerifier } from "./tokens.js";
import { readBody, streamTransport, webSocketTransport } from "./transports.js";

export interface Gateway {
  readonly config: GatewayConfig;
  readonly metrics: GatewayMetrics;
  /** Publishes to the gateway's broker: in-process for services sharing the process. */
  readonly publisher: RealtimePublisher;
  /** Starts the broker, and the own HTTP server when a port is configured. */
  start(): Promise<void>;
  /** Closes every connection with 3001 (clients reconnect elsewhere) and releases the broker. */
  stop(): Promise<void>;
  /** Takes over an HTTP upgrade on the realtime path; returns false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /**
   * Serves the HTTP-streaming and SSE emulation endpoints and their command posts; returns false
   * for any other request. A host framework must hand it the unread request.
   */
  handleHttp(req: IncomingMessage, res: ServerResponse): boolean;
  /** Closes every connection of a user on this node (e.g. on logout or block); returns how many. */
  disconnectUser(user: string, reason?: DisconnectReason): number;
  /** The own server's URL once started with a port, e.g. `http://127.0.0.1:8000`. */
  url(): string | null;
  /** The Redis broker's connection; none with the in-memory broker. */
  link(): LinkStatus | undefined;
}

const publishBodySchema = z.object({ channel: z.string().min(1).max(255), data: z.unknown() });

/** A realtime gateway node speaking the Centrifuge client protocol v2 over WebSocket. */
export function createGateway(options: GatewayOptions): Gateway {
  const config = resolveConfig(options);
  const metrics = createGatewayMetrics();
  const brokerError = (err: unknown) => {
    metrics.brokerErrors.inc();
    config.onError(err);
  };
  const link = config.redisUrl
    ? createRedisLink({
        now: () => config.timers.now(),
        random: config.random,
        ...(config.retry ? { policy: config.retry } : {}),
        onChange: (s) => config.onLinkChange?.(s),
        onState: (state) => metrics.redisUp.set(state === "up" ? 1 : 0),
        onFailure: (kind) => metrics.redisFailures.inc({ kind }),
      })
    : undefined;
  const redis = {
    url: config.redisUrl ?? "",
    prefix: config.redisPrefix,
    onError: brokerError,
    ...(link ? { link } : {}),
  };
  const broker: Broker =
    config.broker ??
    (config.redisUrl
      ? createRedisBroker({ ...redis, random: config.random })
      : createMemoryBroker({ now: () => config.timers.now(), random: config.random }));
  const presence: PresenceStore =
    config.presence ?? (config.redisUrl ? createRedisPresence(redis) : createMemoryPresence());
  const tokens = createTokenVerifier(config.tokenSecret, () => config.timers.now());
  const sessions = new Set<Session>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: config.maxMessageBytes,
    perMessageDeflate: false,
  });
  let server: Server | null = null;
  let serverUrl: string | null = null;
  let stopping = false;
  let dirty: Session[] = [];
  const flushAll = () => {
    const batch = dirty;
    dirty = [];
    for (const s of batch) s.flush();
  };
  const scheduleFlush = (s: Session) => {
    if (dirty.length === 0) setImmediate(flushAll);
    dirty.push(s);
  };
  // Counts turns of the event loop, lazily: it only needs to move on after a turn that asked for it.
  let turnCount = 0;
  let turnEnding = false;
  const endTurn = () => {
    turnCount += 1;
    turnEnding = false;
  };
  const turn = () => {
    if (!turnEnding) {
      turnEnding = true;
      setImmediate(endTurn);
    }
    return turnCount;
  };
  const hub = new Hub(broker, turn, brokerError);

  const nodeId = randomUUID();
  const emulated = new Map<string, Session>();
  const sessionDeps = {
    config,
    broker,
    presence,
    hub,
    tokens,
    metrics,
    nodeId,
    newId: randomUUID,
    onClosed: (s: Session) => {
      sessions.delete(s);
      if (s.emulationId) emulated.delete(s.emulationId);
    },
    scheduleFlush,
  };

  function open(transport: Transport): Session | null {
    if (stopping) {
      transport.close(Disconnect.shutdown.code, Disconnect.shutdown.reason);
      return null;
    }
    const session = new Session(transport, sessionDeps);
    sessions.add(session);
    if (session.emulationId) emulated.set(session.emulationId, session);
    return session;
  }

  wss.on("connection", (ws: WebSocket) => {
    const session = open(webSocketTransport(ws));
    if (!session) return;
    ws.on("message", (data) => session.receive(String(data)));
    ws.on("close", () => session.transportClosed());
    ws.on("error", () => session.transportClosed());
  });

  const emulationPostSchema = z.object({
    session: z.string().min(1).max(64),
    node: z.string().min(1).max(64),
    data: z.string(),
  });

  /** http_stream, SSE and the posts beside them: the client's fallbacks when WebSocket is blocked. */
  async function handleEmulation(
    kind: "http_stream" | "sse" | "post",
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const fail = (status: number, code: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code, message: code.replaceAll("_", " ") } }));
    };
    if (kind === "sse") {
      const initial = new URL(req.url ?? "", "http://x").searchParams.get("cf_connect");
      if (initial === null || initial.length > config.maxMessageBytes) return fail(400, "bad_request");
      const session = open(streamTransport("sse", req, res));
      res.on("close", () => session?.transportClosed());
      session?.receive(initial);
      return;
    }
    const body = await readBody(req, config.maxMessageBytes);
    if (body === null) return fail(413, "too_large");
    if (kind === "http_stream") {
      const session = open(streamTransport("http_stream", req, res));
      res.on("close", () => session?.transportClosed());
      session?.receive(body);
      return;
    }
    let parsed: z.infer<typeof emulationPostSchema>;
    try {
      parsed = emulationPostSchema.parse(JSON.parse(body));
    } catch {
      return fail(400, "bad_request");
    }
    // Emulation posts must reach the node holding the stream (sticky routing when there are several).
    const session = parsed.node === nodeId ? emulated.get(parsed.session) : undefined;
    if (!session) return fail(404, "unknown_session");
    session.receive(parsed.data);
    res.writeHead(204).end();
  }

  /**
   * Serves the emulation endpoints (`POST {base}/http_stream`, `GET {base}/sse`,
   * `POST {base}/emulation`); returns false for any other request.
   */
  function handleHttp(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? "").split("?")[0];
    const kind =
      req.method === "POST" && path === config.httpStreamPath
        ? "http_stream"
        : req.method === "GET" && path === config.ssePath
          ? "sse"
          : req.method === "POST" && path === config.emulationPath
            ? "post"
            : null;
    if (!kind) return false;
    handleEmulation(kind, req, res).catch((err) => {
      config.onError(err);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return true;
  }

  const publisher: RealtimePublisher = {
    async publish(channel, data) {
      const resolved = resolveChannel(config.namespaces, channel);
      if (!resolved) throw new RangeError(`unknown realtime channel: ${channel}`);
      await broker.publish(channel, { data }, resolved.ns.history);
      metrics.publications.inc();
    },
  };

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = (req.url ?? "").split("?")[0];
    if (path !== config.path) return false;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
    return true;
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (handleHttp(req, res)) return;
    const path = (req.url ?? "").split("?")[0];
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (req.method === "GET" && path === "/health") return send(200, { status: "ok" });
    if (req.method === "GET" && path === "/metrics") {
      return send(200, await metrics.registry.metrics(), metrics.registry.contentType);
    }
    if (req.method === "POST" && path === "/api/publish") {
      if (!config.apiKey || req.headers.authorization !== `apikey ${config.apiKey}`) {
        return send(401, { error: { code: "unauthorized", message: "a valid API key is required" } });
      }
      const text = await readBody(req, config.maxMessageBytes);
      if (text === null) return send(413, { error: { code: "too_large", message: "publication too large" } });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(400, { error: { code: "bad_json", message: "body is not JSON" } });
      }
      const parsed = publishBodySchema.safeParse(body);
      if (!parsed.success) {
        return send(400, { error: { code: "bad_request", message: "expected {channel, data}" } });
      }
      if (!resolveChannel(config.namespaces, parsed.data.channel)) {
        return send(400, { error: { code: "unknown_channel", message: "unknown channel" } });
      }
      await publisher.publish(parsed.data.channel, parsed.data.data);
      return send(200, {});
    }
    send(404, { error: { code: "not_found", message: "not found" } });
  }

  return {
    config,
    metrics,
    publisher,
    link: () => link?.status(),
    handleUpgrade,
    handleHttp,
    url: () => serverUrl,
    disconnectUser(user, reason = Disconnect.forceNoReconnect) {
      let n = 0;
      for (const s of [...sessions]) {
        if (s.user === user) {
          s.close(reason);
          n += 1;
        }
      }
      return n;
    },
    async start() {
      stopping = false;
      if (config.port === undefined) return;
      const s = createServer((req, res) => {
        onRequest(req, res).catch((err) => {
          config.onError(err);
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
      s.on("upgrade", (req, socket, head) => {
        if (!handleUpgrade(req, socket, head)) socket.destroy();
      });
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(config.port, config.host, () => resolve());
      });
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : config.port;
      const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
      serverUrl = `http://${host}:${port}`;
      server = s;
    },
    async stop() {
      stopping = true;
      const sockets = [...wss.clients];
      for (const s of [...sessions]) s.close(Disconnect.shutdown);
      // Give clients a moment to complete the close handshake, then cut whatever is left.
      await Promise.race([
        Promise.all(
          sockets.map((ws) =>
            ws.readyState === ws.CLOSED ? null : new Promise((resolve) => ws.once("close", resolve)),
          ),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (server) {
        const s = server;
        server = null;
        serverUrl = null;
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await broker.close();
      await presence.close();
    },
  };
}
