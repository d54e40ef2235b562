import type { Broker, PresenceStore } from "./broker.js";
import {
  Disconnect,
  type DisconnectReason,
  ErrorCode,
  type ProtocolError,
  protocolError,
  ReplyError,
  Unsubscribe,
} from "./codes.js";
import type { GatewayConfig, NamespaceOptions } from "./config.js";
import type { Delivery, Hub, HubMember } from "./hub.js";
import type { GatewayMetrics } from "./metrics.js";
import { firstPingDelay } from "./ping.js";
import {
  type ClientInfo,
  type Method,
  type MethodParams,
  methodSchemas,
  type ParsedCommand,
  type Publication,
  parseCommand,
} from "./protocol.js";
import type { TokenVerifier } from "./tokens.js";

/** The connection under a session: a WebSocket, or an HTTP stream with commands posted beside it. */
export interface Transport {
  /** HTTP-streaming and SSE emulation: the connect result names the session and node for posts. */
  readonly emulation: boolean;
  /** Writes one message of one or more newline-joined replies and pushes. */
  write(data: string): void;
  /** Writes one push on its own, encoded once for every receiver (see `Delivery`). */
  writeShared(d: Delivery): void;
  /** Ends the connection with a protocol close code. */
  close(code: number, reason: string): void;
  /** Bytes written but not yet on the wire. */
  pending(): number;
  isOpen(): boolean;
}

/** Everything a session shares with the rest of its gateway node. */
export interface SessionDeps {
  config: GatewayConfig;
  broker: Broker;
  presence: PresenceStore;
  hub: Hub;
  tokens: TokenVerifier;
  metrics: GatewayMetrics;
  newId(): string;
  /** This node's id, which emulation posts name to reach their session. */
  nodeId: string;
  onClosed(session: Session): void;
  /** Runs `flush` of every session that queued frames, once per turn of the event loop. */
  scheduleFlush(session: Session): void;
}

/**
 * One channel of one session, and the hub's member for it: a publication reaches the session
 * through it without a lookup, which matters when one goes to many thousands of subscribers.
 */
class Subscription implements HubMember {
  // What every publication reads comes first, so it shares the object's first cache line.
  readonly session: Session;
  readonly ns: NamespaceOptions;
  /** Live pushes wait in `buffer` until the subscribe reply is sent. */
  live = false;
  /** Last offset sent to the client and the epoch it belongs to (channels with history). */
  offset = 0;
  epoch = "";
  buffer: Delivery[] = [];
  /** Live delivery failed while the subscribe was in progress: recover right after it. */
  resyncWhenLive = false;
  expiryTimer: unknown;

  constructor(
    session: Session,
    readonly channel: string,
    ns: NamespaceOptions,
    readonly joinLeave: boolean,
    readonly info: ClientInfo,
  ) {
    this.session = session;
    this.ns = ns;
  }

  deliver(d: Delivery): void {
    if (!this.live) {
      this.buffer.push(d);
      return;
    }
    if (d.kind !== "pub") {
      if (this.joinLeave) this.session.pushDelivery(d);
      return;
    }
    if (d.offset !== undefined && this.ns.history) {
      if (d.epoch !== undefined && d.epoch !== this.epoch) {
        this.session.lostSync(this);
        return;
      }
      if (d.offset <= this.offset) return;
      if (d.offset !== this.offset + 1) {
        this.session.lostSync(this);
        return;
      }
      this.offset = d.offset;
    }
    this.session.pushDelivery(d);
  }

  resync(): void {
    if (!this.ns.history) return;
    if (this.live) this.session.lostSync(this);
    else this.resyncWhenLive = true;
  }
}

/** Resolved channel: its namespace and whether it is a `$` channel. */
export function resolveChannel(
  namespaces: Record<string, NamespaceOptions>,
  channel: string,
): { ns: NamespaceOptions; isPrivate: boolean; id: string } | null {
  const isPrivate = channel.startsWith("$");
  const name = isPrivate ? channel.slice(1) : channel;
  const colon = name.indexOf(":");
  if (colon <= 0 || colon === name.length - 1) return null;
  const nsName = name.slice(0, colon);
  const ns = Object.hasOwn(namespaces, nsName) ? namespaces[nsName] : undefined;
  if (!ns) return null;
  return { ns, isPrivate, id: name.slice(colon + 1) };
}

const version = "1.0.0";

/** One WebSocket connection speaking the Centrifuge protocol. */
export class Session {
  // What every publication reads comes first, so it shares the object's first cache line.
  private state = "new" as "new" | "connected" | "closed";
  private outboxBytes = 0;
  /** The turn of the event loop in which a push last went straight to the socket. */
  private pushedInTurn = -1;
  private readonly transport: Transport;
  private readonly deps: SessionDeps;
  readonly id: string;
  /**
   * Secret that emulation posts carry to reach this session; unlike the client id, which other
   * clients see in presence and publications, it is known only to this connection.
   */
  readonly emulationId: string | undefined;
  user = "";
  private readonly subs = new Map<string, Subscription>();
  private queue: Promise<void> = Promise.resolve();
  private outbox: string[] = [];
  /** The publication when it is all the outbox holds: its bytes, encoded once, go to every receiver. */
  private single: Delivery | null = null;
  private flushScheduled = false;
  private timers: { stale?: unknown; ping?: unknown; pong?: unknown; expiry?: unknown } = {};
  private tokens = 0;
  private tokensAt = 0;
  private rejected = 0;

  constructor(transport: Transport, deps: SessionDeps) {
    this.transport = transport;
    this.deps = deps;
    this.id = deps.newId();
    this.emulationId = transport.emulation ? deps.newId() : undefined;
    const { config } = deps;
    this.tokens = config.commandRate.burst;
    this.tokensAt = config.timers.now();
    this.timers.stale = config.timers.setTimeout(() => {
      if (this.state === "new") this.close(Disconnect.stale);
    }, config.staleTimeoutMs);
  }

  // ---- incoming ------------------------------------------------------------------------------

  /** The transport closed underneath: forget the session. */
  transportClosed(): void {
    this.cleanup();
  }

  /** One incoming message: one or more newline-separated commands. */
  receive(text: string): void {
    if (this.state === "closed") return;
    // A pong alone is what most connections send most often: no parsing for it.
    if (text === "{}") {
      this.onPong();
      return;
    }
    const values: unknown[] = [];
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        values.push(JSON.parse(line));
      } catch {
        this.close(Disconnect.badRequest);
        return;
      }
    }
    for (const value of values) {
      const cmd = parseCommand(value);
      if (!cmd) {
        this.close(Disconnect.badRequest);
        return;
      }
      if (cmd.kind === "pong") {
        this.onPong();
        continue;
      }
      this.deps.metrics.messagesIn.inc();
      if (!this.takeToken()) {
        if (this.isClosed()) return;
        if (cmd.id > 0) this.reply(cmd.id, protocolError(ErrorCode.tooManyRequests));
        continue;
      }
      // Commands run strictly in order: a subscribe sent with the connect sees the connected state.
      this.queue = this.queue
        .then(() => this.run(cmd))
        .catch((err: unknown) => {
          // A fault here must cost one connection, never the process or the commands after it.
          this.deps.config.onError(err);
          this.close(Disconnect.internal);
        });
    }
  }

  private takeToken(): boolean {
    const { perSecond, burst } = this.deps.config.commandRate;
    const now = this.deps.config.timers.now();
    this.tokens = Math.min(burst, this.tokens + ((now - this.tokensAt) * perSecond) / 1000);
    this.tokensAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.rejected = 0;
      return true;
    }
    // A client that keeps going after being told to slow down is cut off (it reconnects with backoff).
    this.rejected += 1;
    if (this.rejected > burst) this.close(Disconnect.tooManyRequests);
    return false;
  }

  private async run(cmd: Exclude<ParsedCommand, { kind: "pong" }>): Promise<void> {
    if (this.isClosed()) return;
    if (this.state === "new" && !(cmd.kind === "method" && cmd.method === "connect")) {
      this.close(Disconnect.badRequest);
      return;
    }
    // A connected client does not connect again (Centrifuge closes it as a bad request), so one
    // socket is never counted, or given a user, twice.
    if (this.state === "connected" && cmd.kind === "method" && cmd.method === "connect") {
      this.close(Disconnect.badRequest);
      return;
    }
    if (cmd.kind === "unknown") {
      if (cmd.id === 0) this.close(Disconnect.badRequest);
      else this.reply(cmd.id, protocolError(ErrorCode.methodNotFound));
      return;
    }
    if (cmd.id === 0 && cmd.method !== "send") {
      this.close(Disconnect.badRequest);
      return;
    }
    const parsed = methodSchemas[cmd.method].safeParse(cmd.params ?? {});
    if (!parsed.success) {
      if (cmd.method === "connect") this.close(Disconnect.badRequest);
      else if (cmd.id > 0) this.reply(cmd.id, protocolError(ErrorCode.badRequest));
      return;
    }
    try {
      const result = await this.handle(cmd.method, parsed.data);
      if (result !== undefined && cmd.id > 0 && !this.isClosed()) this.reply(cmd.id, result, cmd.method);
      if (result !== undefined && cmd.method === "subscribe")
        this.goLive(parsed.data as MethodParams<"subscribe">);
    } catch (e) {
      if (this.isClosed()) return;
      if (e instanceof ReplyError) {
        // A refused connect leaves the socket unusable; the client closes it and reconnects or stops.
        if (cmd.id > 0) this.reply(cmd.id, e.error);
        return;
      }
      if (e instanceof DisconnectError) {
        this.close(e.reason);
        return;
      }
      this.deps.config.onError(e);
      if (cmd.id > 0) this.reply(cmd.id, protocolError(ErrorCode.internal));
    }
  }

  private handle(method: Method, params: unknown): Promise<object | undefined> {
    switch (method) {
      case "connect":
        return this.connect(params as MethodParams<"connect">);
      case "subscribe":
        return this.subscribe(params as MethodParams<"subscribe">);
      case "unsubscribe":
        return this.unsubscribe(params as MethodParams<"unsubscribe">);
      case "publish":
        return this.publish(params as MethodParams<"publish">);
      case "presence":
        return this.presence(params as MethodParams<"presence">);
      case "presence_stats":
        return this.presenceStats(params as MethodParams<"presence_stats">);
      case "history":
        return this.history(params as MethodParams<"history">);
      case "rpc":
        return this.rpc(params as MethodParams<"rpc">);
      case "send":
        return this.send(params as MethodParams<"send">);
      case "refresh":
        return this.refresh(params as MethodParams<"refresh">);
      case "sub_refresh":
        return this.subRefresh(params as MethodParams<"sub_refresh">);
    }
  }

  /** State read after an await, when the socket may have closed meanwhile. */
  private isClosed(): boolean {
    return this.state === "closed";
  }

  // ---- connection ----------------------------------------------------------------------------

  private async connect(req: MethodParams<"connect">): Promise<object> {
    const { config, tokens } = this.deps;
    let exp: number | undefined;
    if (req.token) {
      const check = await tokens.connection(req.token);
      if (!check.ok) {
        if (check.reason === "expired") throw new ReplyError(protocolError(ErrorCode.tokenExpired));
        throw new DisconnectError(Disconnect.invalidToken);
      }
      this.user = check.claims.sub;
      exp = check.claims.exp;
    } else if (!config.allowAnonymous) {
      throw new ReplyError(protocolError(ErrorCode.unauthorized));
    }
    if (this.isClosed()) return {};
    this.state = "connected";
    config.timers.clearTimeout(this.timers.stale);
    this.deps.metrics.connections.inc();
    this.schedulePing(true);
    const result: Record<string, unknown> = {
      client: this.id,
      version,
      ping: this.pingSeconds(),
      pong: true,
    };
    if (this.emulationId) Object.assign(result, { session: this.emulationId, node: this.deps.nodeId });
    if (exp !== undefined) Object.assign(result, this.setExpiry(exp));
    return result;
  }

  private pingSeconds(): number {
    return Math.max(1, Math.round(this.deps.config.pingIntervalMs / 1000));
  }

  /** Arms the expiry of the connection; returns the `expires`/`ttl` fields for the client. */
  private setExpiry(exp: number): { expires: true; ttl: number } {
    const { timers, expiryGraceMs } = this.deps.config;
    const ttlMs = exp * 1000 - timers.now();
    timers.clearTimeout(this.timers.expiry);
    this.timers.expiry = timers.setTimeout(() => this.close(Disconnect.expired), ttlMs + expiryGraceMs);
    return { expires: true, ttl: Math.max(1, Math.floor(ttlMs / 1000)) };
  }

  private async refresh(req: MethodParams<"refresh">): Promise<object> {
    const check = await this.deps.tokens.connection(req.token);
    if (!check.ok) {
      throw new DisconnectError(check.reason === "expired" ? Disconnect.expired : Disconnect.invalidToken);
    }
    if (check.claims.sub !== this.user) throw new DisconnectError(Disconnect.invalidToken);
    const result: Record<string, unknown> = { client: this.id, version };
    if (check.claims.exp !== undefined) Object.assign(result, this.setExpiry(check.claims.exp));
    else this.deps.config.timers.clearTimeout(this.timers.expiry);
    return result;
  }

  /**
   * The first ping comes at a random point of the second half of the interval, as Centrifuge's
   * does: clients that connected together (a node restart, a benchmark) would otherwise be pinged
   * together for ever, and thousands of pings and pongs in one burst delay the publications
   * queued behind them.
   */
  private schedulePing(first = false): void {
    const { timers, pingIntervalMs, pongTimeoutMs, random } = this.deps.config;
    const delay = first ? firstPingDelay(pingIntervalMs, random()) : pingIntervalMs;
    this.timers.ping = timers.setTimeout(() => {
      if (this.state !== "connected") return;
      this.enqueue("{}");
      if (this.timers.pong === undefined) {
        this.timers.pong = timers.setTimeout(() => this.close(Disconnect.noPong), pongTimeoutMs);
      }
      this.schedulePing();
    }, delay);
  }

  private onPong(): void {
    if (this.timers.pong === undefined) return;
    this.deps.config.timers.clearTimeout(this.timers.pong);
    this.timers.pong = undefined;
  }

  // ---- subscriptions -------------------------------------------------------------------------

  private async subscribe(req: MethodParams<"subscribe">): Promise<object> {
    const { config, tokens, hub, broker } = this.deps;
    const channel = req.channel;
    if (this.subs.has(channel)) throw new ReplyError(protocolError(ErrorCode.alreadySubscribed));
    if (this.subs.size >= config.maxChannelsPerClient)
      throw new ReplyError(protocolError(ErrorCode.limitExceeded));
    const resolved = resolveChannel(config.namespaces, channel);
    if (!resolved) throw new ReplyError(protocolError(ErrorCode.unknownChannel));
    const { ns, isPrivate, id } = resolved;
    if (ns.ownerOnly && (this.user === "" || id !== this.user)) {
      throw new ReplyError(protocolError(ErrorCode.permissionDenied));
    }
    let exp: number | undefined;
    if (isPrivate) {
      if (!req.token) throw new ReplyError(protocolError(ErrorCode.permissionDenied));
      const check = await tokens.subscription(req.token);
      if (!check.ok) {
        throw new ReplyError(
          protocolError(check.reason === "expired" ? ErrorCode.tokenExpired : ErrorCode.permissionDenied),
        );
      }
      const c = check.claims;
      if (c.channel !== channel || c.sub !== this.user || (c.client !== undefined && c.client !== this.id)) {
        throw new DisconnectError(Disconnect.invalidToken);
      }
      exp = c.exp;
    }
    if (this.isClosed() || this.subs.has(channel)) {
      throw new ReplyError(protocolError(ErrorCode.alreadySubscribed));
    }
    const sub = new Subscription(this, channel, ns, ns.joinLeave && req.join_leave === true, {
      user: this.user,
      client: this.id,
    });
    this.subs.set(channel, sub);
    try {
      await hub.add(channel, sub);
      const result: Record<string, unknown> = {};
      if (ns.history) {
        Object.assign(result, await this.position(sub, req, ns.history));
      }
      if (exp !== undefined) Object.assign(result, this.setSubExpiry(sub, exp));
      if (ns.presence) await this.deps.presence.add(channel, this.id, sub.info);
      if (ns.joinLeave) await broker.publishJoinLeave("join", channel, sub.info);
      if (this.subs.get(channel) !== sub) throw new ReplyError(protocolError(ErrorCode.internal));
      this.deps.metrics.subscriptions.inc();
      return result;
    } catch (e) {
      if (this.subs.get(channel) === sub) this.dropSub(sub, false);
      throw e;
    }
  }

  /** The stream fields of a subscribe result, with the missed publications when recovering. */
  private async position(
    sub: Subscription,
    req: MethodParams<"subscribe">,
    policy: NonNullable<NamespaceOptions["history"]>,
  ): Promise<Record<string, unknown>> {
    const { broker, config } = this.deps;
    if (!req.recover) {
      const h = await broker.history(sub.channel, { limit: 0, reverse: false }, policy);
      sub.offset = h.position.offset;
      sub.epoch = h.position.epoch;
      return { recoverable: true, positioned: true, epoch: sub.epoch, offset: sub.offset };
    }
    const from = req.offset ?? 0;
    const max = config.recoveryMaxPublications;
    const h = await broker.history(sub.channel, { since: from, limit: max + 1, reverse: false }, policy);
    const { position, publications } = h;
    const sameEpoch = (req.epoch ?? "") === position.epoch;
    let recovered = false;
    if (sameEpoch && publications.length <= max) {
      if (publications.length === 0) recovered = position.offset === from;
      else {
        const first = publications[0]?.offset ?? 0;
        const last = publications[publications.length - 1]?.offset ?? 0;
        recovered =
          first === from + 1 && last === position.offset && last - first + 1 === publications.length;
      }
    }
    sub.epoch = position.epoch;
    this.deps.metrics.recoveries.inc({ result: recovered ? "recovered" : "failed" });
    if (recovered) {
      sub.offset = position.offset;
      const result: Record<string, unknown> = {
        recoverable: true,
        positioned: true,
        epoch: position.epoch,
        recovered: true,
        was_recovering: true,
      };
      // The client advances its position as it replays these, so it is told the one it asked from.
      if (from > 0) result.offset = from;
      if (publications.length > 0) result.publications = publications;
      return result;
    }
    // A client that set flag bit 2 (reject unrecovered) wants an error instead of a fresh position.
    if (((req.flag ?? 0) & 2) !== 0) throw new ReplyError(protocolError(ErrorCode.unrecoverablePosition));
    sub.offset = position.offset;
    return {
      recoverable: true,
      positioned: true,
      epoch: position.epoch,
      offset: position.offset,
      was_recovering: true,
    };
  }

  /** After the subscribe reply: flush what arrived meanwhile, newer than what the reply covered. */
  private goLive(req: MethodParams<"subscribe">): void {
    const sub = this.subs.get(req.channel);
    if (!sub || sub.live) return;
    sub.live = true;
    const pending = sub.buffer;
    sub.buffer = [];
    for (const d of pending) {
      if (this.subs.get(sub.channel) !== sub) return;
      sub.deliver(d);
    }
    if (sub.resyncWhenLive && this.subs.get(sub.channel) === sub) this.lostSync(sub);
  }

  /** A gap in the stream: the client resubscribes at once and recovers from its position. */
  lostSync(sub: Subscription): void {
    if (this.subs.get(sub.channel) !== sub) return;
    this.dropSub(sub, true);
    this.push(sub.channel, { unsubscribe: Unsubscribe.insufficientState });
  }

  private setSubExpiry(sub: Subscription, exp: number): { expires: true; ttl: number } {
    const { timers, expiryGraceMs } = this.deps.config;
    const ttlMs = exp * 1000 - timers.now();
    timers.clearTimeout(sub.expiryTimer);
    sub.expiryTimer = timers.setTimeout(() => {
      if (this.subs.get(sub.channel) !== sub) return;
      this.dropSub(sub, true);
      this.push(sub.channel, { unsubscribe: Unsubscribe.expired });
    }, ttlMs + expiryGraceMs);
    return { expires: true, ttl: Math.max(1, Math.floor(ttlMs / 1000)) };
  }

  private async subRefresh(req: MethodParams<"sub_refresh">): Promise<object> {
    const sub = this.subs.get(req.channel);
    if (!sub) throw new ReplyError(protocolError(ErrorCode.permissionDenied));
    const check = await this.deps.tokens.subscription(req.token);
    if (!check.ok) {
      if (check.reason === "expired") throw new ReplyError(protocolError(ErrorCode.tokenExpired));
      throw new DisconnectError(Disconnect.invalidToken);
    }
    const c = check.claims;
    if (
      c.channel !== req.channel ||
      c.sub !== this.user ||
      (c.client !== undefined && c.client !== this.id)
    ) {
      throw new DisconnectError(Disconnect.invalidToken);
    }
    if (c.exp === undefined) {
      this.deps.config.timers.clearTimeout(sub.expiryTimer);
      return {};
    }
    return this.setSubExpiry(sub, c.exp);
  }

  private async unsubscribe(req: MethodParams<"unsubscribe">): Promise<object> {
    const sub = this.subs.get(req.channel);
    if (sub) this.dropSub(sub, true);
    return {};
  }

  /** Forgets a subscription: hub, presence, leave event, expiry timer. */
  private dropSub(sub: Subscription, wasCounted: boolean): void {
    const { hub, presence, broker, config, metrics } = this.deps;
    this.subs.delete(sub.channel);
    hub.remove(sub.channel, sub);
    config.timers.clearTimeout(sub.expiryTimer);
    if (wasCounted && sub.live) metrics.subscriptions.dec();
    if (sub.ns.presence) presence.remove(sub.channel, this.id).catch(config.onError);
    if (sub.ns.joinLeave && sub.live)
      broker.publishJoinLeave("leave", sub.channel, sub.info).catch(config.onError);
  }

  // ---- other commands ------------------------------------------------------------------------

  private channelFor(channel: string, need: "publish" | "presence" | "history"): NamespaceOptions {
    const resolved = resolveChannel(this.deps.config.namespaces, channel);
    if (!resolved) throw new ReplyError(protocolError(ErrorCode.unknownChannel));
    const { ns } = resolved;
    if (need === "publish") {
      if (!ns.clientPublish || resolved.isPrivate)
        throw new ReplyError(protocolError(ErrorCode.permissionDenied));
      return ns;
    }
    if (need === "presence" && !ns.presence) throw new ReplyError(protocolError(ErrorCode.notAvailable));
    if (need === "history" && !ns.history) throw new ReplyError(protocolError(ErrorCode.notAvailable));
    // Who is in a channel and what it carried are for its subscribers only.
    if (!this.subs.get(channel)?.live) throw new ReplyError(protocolError(ErrorCode.permissionDenied));
    return ns;
  }

  private async publish(req: MethodParams<"publish">): Promise<object> {
    const ns = this.channelFor(req.channel, "publish");
    const pub: Omit<Publication, "offset"> = { data: req.data, info: { user: this.user, client: this.id } };
    await this.deps.broker.publish(req.channel, pub, ns.history);
    this.deps.metrics.publications.inc();
    return {};
  }

  private async presence(req: MethodParams<"presence">): Promise<object> {
    this.channelFor(req.channel, "presence");
    return { presence: await this.deps.presence.get(req.channel) };
  }

  private async presenceStats(req: MethodParams<"presence_stats">): Promise<object> {
    this.channelFor(req.channel, "presence");
    const p = await this.deps.presence.get(req.channel);
    const infos = Object.values(p);
    return { num_clients: infos.length, num_users: new Set(infos.map((i) => i.user)).size };
  }

  private async history(req: MethodParams<"history">): Promise<object> {
    const ns = this.channelFor(req.channel, "history");
    const policy = ns.history as NonNullable<NamespaceOptions["history"]>;
    const max = this.deps.config.historyMaxLimit;
    const reverse = req.reverse === true;
    const requested = req.limit ?? 0;
    const limit = requested < 0 || requested > max ? max : requested;
    if (reverse && req.since && (req.since.offset ?? 0) === 0) {
      throw new ReplyError(protocolError(ErrorCode.badRequest));
    }
    const since = req.since?.offset;
    const h = await this.deps.broker.history(
      req.channel,
      { since: since !== undefined && since > 0 ? since : undefined, limit, reverse },
      policy,
    );
    if (req.since && (req.since.epoch ?? "") !== h.position.epoch) {
      throw new ReplyError(protocolError(ErrorCode.unrecoverablePosition));
    }
    const result: Record<string, unknown> = { epoch: h.position.epoch, offset: h.position.offset };
    if (h.publications.length > 0) result.publications = h.publications;
    return result;
  }

  private async rpc(req: MethodParams<"rpc">): Promise<object> {
    const handler = this.deps.config.rpc[req.method ?? ""];
    if (!handler || !Object.hasOwn(this.deps.config.rpc, req.method ?? "")) {
      throw new ReplyError(protocolError(ErrorCode.methodNotFound));
    }
    const data = await handler({ client: this.id, user: this.user }, req.data);
    return data === undefined ? {} : { data };
  }

  private async send(req: MethodParams<"send">): Promise<undefined> {
    this.deps.config.onSend?.({ client: this.id, user: this.user }, req.data);
    return undefined;
  }

  // ---- outgoing ------------------------------------------------------------------------------

  private reply(id: number, result: object | ProtocolError, method?: Method): void {
    if (method) this.enqueue(JSON.stringify({ id, [method]: result }));
    else this.enqueue(JSON.stringify({ id, error: result }));
  }

  private push(channel: string, body: object): void {
    this.enqueue(JSON.stringify({ push: { channel, ...body } }));
  }

  /**
   * A push from the hub. The first one of a turn with nothing queued before it goes out at once,
   * as the bytes shared by every receiver: the common case of a publication fan-out touches each
   * session once. Pushes after it in the same turn are queued and leave together.
   */
  pushDelivery(d: Delivery): void {
    if (this.outboxBytes === 0 && this.state !== "closed") {
      if (this.pushedInTurn !== d.turn) {
        this.pushedInTurn = d.turn;
        this.write(d, 1);
        return;
      }
    }
    this.enqueue(d.frame, d);
  }

  /** Queues a frame; frames queued in the same turn of the event loop leave as one message. */
  private enqueue(frame: string, delivery?: Delivery): void {
    if (this.state === "closed") return;
    this.single = this.outboxBytes === 0 && delivery ? delivery : null;
    this.outbox.push(frame);
    this.outboxBytes += frame.length;
    if (this.outboxBytes > this.deps.config.maxQueueBytes) {
      this.dropSlow();
      return;
    }
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.deps.scheduleFlush(this);
    }
  }

  /** Writes the queued frames as one WebSocket message (write errors surface as the socket's close). */
  flush(): void {
    this.flushScheduled = false;
    const n = this.outbox.length;
    if (n === 0) return;
    const data = this.single ?? (n === 1 ? (this.outbox[0] as string) : this.outbox.join("\n"));
    this.outbox = [];
    this.outboxBytes = 0;
    this.single = null;
    this.write(data, n);
  }

  /**
   * Writes one message, unless it would take the bytes waiting for this client past
   * `maxQueueBytes`: then the client is too slow to keep and is dropped instead.
   */
  private write(data: string | Delivery, frames: number): void {
    if (!this.transport.isOpen()) return;
    const size = typeof data === "string" ? data.length : data.frame.length;
    if (this.transport.pending() + size > this.deps.config.maxQueueBytes) {
      this.dropSlow();
      return;
    }
    this.deps.metrics.countOut(frames);
    if (typeof data === "string") this.transport.write(data);
    else this.transport.writeShared(data);
  }

  private dropSlow(): void {
    this.deps.metrics.droppedSlow.inc();
    this.outbox = [];
    this.outboxBytes = 0;
    this.single = null;
    this.close(Disconnect.slow);
  }

  /** Closes with a protocol code after flushing what is queued (e.g. the error reply before it). */
  close(reason: DisconnectReason): void {
    if (this.state === "closed") return;
    this.flush();
    this.cleanup();
    this.transport.close(reason.code, reason.reason);
  }

  private cleanup(): void {
    if (this.state === "closed") return;
    const wasConnected = this.state === "connected";
    this.state = "closed";
    const { timers } = this.deps.config;
    for (const t of Object.values(this.timers)) timers.clearTimeout(t);
    for (const sub of [...this.subs.values()]) this.dropSub(sub, true);
    if (wasConnected) this.deps.metrics.connections.dec();
    this.deps.onClosed(this);
  }
}

/** Thrown inside command handlers to close the connection with a protocol code. */
export class DisconnectError extends Error {
  constructor(readonly reason: DisconnectReason) {
    super(reason.reason);
  }
}
