/**
 * Realtime fan-out: N clients spread over M match channels on one node, a publisher sending odds
 * updates at a fixed rate. Prints delivered messages per second and publish→receive latency for the
 * gateway next to two baselines run the same way on the same machine: a bare `ws` server
 * broadcasting the same bytes (the practical ceiling) and Socket.IO rooms.
 *
 * Below saturation every system delivers what is offered, so each also prints the server CPU it
 * took and the capacity that implies (delivered messages per CPU-second of the server process):
 * the figure the targets compare, and one that other load on a shared machine disturbs far less
 * than wall-clock rates.
 *
 * Fairness: each server runs in its own process with its publisher (so its CPU time, user + system,
 * which includes the kernel's socket writes, is its own) and its clients in others, all connected
 * before measuring starts. The clients are split over several processes (four by default, two
 * per core): one process reading all 50k messages a second works through each publisher tick's
 * burst one socket after another, so a faster server only lengthens the clients' queue, and the
 * age measured is the clients' own. Measured on one machine, p50 for bare `ws` / Socket.IO with
 * 1 client process 0.5 / 0.2 ms, 2: 0.4 / 0.3, 4: 0.2 / 0.3, 8: 0.3 / 0.3 (server CPU rising). The systems then take turns in short windows, round after round, so a
 * burst of other load on a shared machine hits neighbouring windows of every system alike; the
 * verdict takes the median over rounds of each round's ratio. Bare `ws` sends the gateway's push
 * frame byte for byte (channel, data and offset) without any protocol work, encoded and framed as a
 * WebSocket message once per publication and written to every socket of the room; Socket.IO emits
 * the same data to a room (and frames it once the same way); so does the gateway.
 * Every client is the same minimal `ws` client speaking its system's wire protocol, reading the
 * send time the same way.
 *
 *   npx tsx bench/gateway-fanout.bench.ts [--clients 5000] [--channels 200] [--rate 2000]
 *     [--seconds 3] [--warmup 1] [--rounds 7] [--client-procs 4] [--only ws,socket.io,gateway]
 *   FANOUT_PROF=<dir> writes a CPU profile of each server process (`node --cpu-prof`) into <dir>.
 *
 * The age of a price is measured end to end: from the moment the publisher call accepts the
 * update (`publish(channel, data)`, where the feed hands over an odds change) to the client's
 * message callback, stamped in one clock that every process on the machine reads alike. Its
 * targets compare the gateway with Socket.IO at the same offered load, so each system's line also
 * says what share of the target rate its publisher managed: a process starved of CPU publishes
 * less (a tick late by over 100 ms drops what it owed) and its clients then have less to read.
 */

import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createGateway } from "@sportsbook/gateway";
import { Server as SocketIoServer } from "socket.io";
import * as wsModule from "ws";
import WebSocket, { WebSocketServer } from "ws";
import {
  arg,
  child as benchChild,
  parentChannel as benchParent,
  childRole,
  fmt,
  median,
  now,
  oddsUpdate,
  percentile,
  pooled,
  progress,
  Samples,
  sleep,
  verdict,
} from "./gateway-bench-kit.js";

type System = "ws" | "socket.io" | "gateway";

interface Plan {
  system: System;
  clients: number;
  channels: number;
  rate: number;
  /** Set for the clients: the server's WebSocket URL. */
  url?: string;
  /** Set for the clients: the range of client numbers this process opens. */
  first?: number;
  count?: number;
}

type ToChild = { cmd: "start" } | { cmd: "stop" } | { cmd: "mark" } | { cmd: "reset" } | { cmd: "report" };
type FromChild =
  | { kind: "listening"; url: string }
  | { kind: "ready"; connected: number }
  | { kind: "mark"; user: number; system: number; published: number; at: number }
  | { kind: "report"; received: number; latencies: Float64Array; cpu: number }
  | { kind: "error"; message: string };

const parentChannel = () => benchParent<ToChild, FromChild>();

// ---------------------------------------------------------------------------------------------
// Clients (a child process per system)

async function runClients(plan: Plan & { url: string; first: number; count: number }): Promise<void> {
  const parent = parentChannel();
  const ages = new Samples();
  // The same cheap read for every system: the time the update was accepted is the last `"t":`.
  const record = (text: string) => {
    const t = Number.parseFloat(text.slice(text.lastIndexOf('"t":') + 4));
    ages.add(now() - t);
  };
  const sockets: WebSocket[] = [];

  function open(i: number): Promise<void> {
    const channel = `match:${i % plan.channels}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(plan.url, { perMessageDeflate: false, handshakeTimeout: 20_000 });
      sockets.push(ws);
      let ready = false;
      const done = () => {
        if (!ready) {
          ready = true;
          resolve();
        }
      };
      ws.on("error", reject);
      ws.on("open", () => {
        if (plan.system === "ws") ws.send(channel);
        if (plan.system === "gateway") {
          ws.send(`{"id":1,"connect":{}}\n{"id":2,"subscribe":{"channel":"${channel}"}}`);
        }
      });
      // Bare ws and the gateway send the same Centrifuge push frames, so they share one reader.
      const centrifugeLine = (line: string) => {
        if (line.startsWith('{"push"')) record(line);
        else if (line === "{}") ws.send("{}");
        else if (line.startsWith('{"id":2')) done();
      };
      ws.on("message", (raw) => {
        const text = String(raw);
        if (plan.system === "ws" && text === "ok") return done();
        if (plan.system !== "socket.io") {
          if (!text.includes("\n")) return centrifugeLine(text);
          for (const line of text.split("\n")) centrifugeLine(line);
          return;
        }
        // Engine.IO v4 / Socket.IO v5 framing: 0 open, 2 ping, 40 namespace connect, 42 event.
        if (text.startsWith('42["pub",')) record(text);
        else if (text.startsWith("0")) ws.send("40");
        else if (text === "2") ws.send("3");
        else if (text.startsWith("40")) ws.send(`42["join","${channel}"]`);
        else if (text.startsWith('42["joined"')) done();
      });
    });
  }

  try {
    const end = plan.first + plan.count;
    for (let i = plan.first; i < end; i += 250) {
      const batch = [];
      for (let j = i; j < Math.min(end, i + 250); j++) batch.push(open(j));
      await Promise.all(batch);
    }
  } catch (e) {
    parent.send({ kind: "error", message: String(e) });
    return;
  }
  parent.send({ kind: "ready", connected: sockets.length });
  let cpu0 = process.cpuUsage();
  parent.on((msg) => {
    if (msg.cmd === "reset") {
      ages.reset();
      cpu0 = process.cpuUsage();
    } else if (msg.cmd === "report") {
      const cpu = process.cpuUsage(cpu0);
      const used = (cpu.user + cpu.system) / 1e6;
      parent.send({ kind: "report", received: ages.count, latencies: ages.take(), cpu: used });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Servers (a child process per system, with its publisher)

interface Target {
  url: string;
  /** Each system encodes the update itself, in its own process time. */
  publish(channel: string, data: unknown): void | Promise<void>;
}

function listen(server: HttpServer): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

/** `ws`'s framing, exported but untyped; see websockets/ws#617. */
type FrameOptions = { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean };
const frame = (wsModule as unknown as { Sender: { frame(data: Buffer, o: FrameOptions): Buffer[] } }).Sender
  .frame;
const textMessage: FrameOptions = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false };
type WithSender = { _sender: { sendFrame(list: Buffer[]): void } };

async function bareWs(): Promise<Target> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  const rooms = new Map<string, Set<WebSocket>>();
  wss.on("connection", (ws) => {
    ws.once("message", (raw) => {
      const ch = String(raw);
      const set = rooms.get(ch) ?? new Set<WebSocket>();
      rooms.set(ch, set);
      set.add(ws);
      ws.on("close", () => set.delete(ws));
      ws.send("ok");
    });
  });
  const offsets = new Map<string, number>();
  const port = await listen(http);
  return {
    url: `ws://127.0.0.1:${port}`,
    publish(channel, data) {
      // The gateway's push frame byte for byte, with no protocol work: encoded and framed as a
      // WebSocket message once, the same Buffer written to every socket of the room (the fastest
      // broadcast `ws` allows, which Socket.IO and the gateway use too).
      const offset = (offsets.get(channel) ?? 0) + 1;
      offsets.set(channel, offset);
      const bytes = Buffer.from(
        `{"push":{"channel":${JSON.stringify(channel)},"pub":{"data":${JSON.stringify(data)},"offset":${offset}}}}`,
      );
      const message = [Buffer.concat(frame(bytes, textMessage))];
      for (const ws of rooms.get(channel) ?? []) (ws as unknown as WithSender)._sender.sendFrame(message);
    },
  };
}

async function socketIo(): Promise<Target> {
  const http = createServer();
  const io = new SocketIoServer(http, {
    transports: ["websocket"],
    serveClient: false,
    perMessageDeflate: false,
  });
  io.on("connection", (socket) => {
    socket.on("join", (room: string) => {
      socket.join(room);
      socket.emit("joined");
    });
  });
  const port = await listen(http);
  return {
    url: `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`,
    publish(channel, data) {
      io.to(channel).emit("pub", data);
    },
  };
}

async function gateway(): Promise<Target> {
  const gw = createGateway({
    tokenSecret: "benchmark-secret-benchmark-secret",
    port: 0,
    host: "127.0.0.1",
    commandRate: { perSecond: 1000, burst: 1000 },
  });
  await gw.start();
  return {
    url: `${(gw.url() as string).replace("http", "ws")}/connection/websocket`,
    publish(channel, data) {
      return gw.publisher.publish(channel, data);
    },
  };
}

const targets: Record<System, () => Promise<Target>> = { ws: bareWs, "socket.io": socketIo, gateway };

async function runServer(plan: Plan): Promise<void> {
  const parent = parentChannel();
  const target = await targets[plan.system]();
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  parent.on((msg) => {
    if (msg.cmd === "start" && !timer) {
      // Publish at a fixed rate, catching up on timer drift, round-robin over the channels. A tick
      // late by more than 100 ms does not try to catch up: on a starved machine that would block
      // the loop for ever longer. The offered rate reported is what was actually published.
      let carry = 0;
      let last = now();
      timer = setInterval(() => {
        const t = now();
        const owed = (Math.min(t - last, 100) / 1000) * plan.rate + carry;
        const due = Math.floor(owed);
        carry = owed - due;
        last = t;
        for (let i = 0; i < due; i++, seq++) {
          const matchId = seq % plan.channels;
          void target.publish(`match:${matchId}`, oddsUpdate(matchId, seq));
        }
      }, 5);
    } else if (msg.cmd === "stop") {
      clearInterval(timer);
      timer = undefined;
    } else if (msg.cmd === "mark") {
      const cpu = process.cpuUsage();
      parent.send({ kind: "mark", user: cpu.user, system: cpu.system, published: seq, at: now() });
    }
  });
  parent.send({ kind: "listening", url: target.url });
}

// ---------------------------------------------------------------------------------------------
// Orchestration (the main process)

/**
 * V8 flags of the clients' processes. Connecting thousands of sockets at once teaches V8's
 * allocation-site pretenuring that objects made on `ws`'s receive path live long, and from then on
 * it allocates every received message's objects in the old generation: the clients' process then
 * pauses 10–40 ms for old-generation collections that a browser holding one socket never makes,
 * and those pauses, not the server, set the p99. Which systems the heuristic hits depends on the
 * order of their connection frames, so it is off for every system's clients alike; servers run as
 * deployed.
 */
const CLIENT_V8_FLAGS = ["--no-allocation-site-pretenuring"];

/** A server or clients process of one system. */
function child(role: "server" | "clients", plan: Plan) {
  const prof = role === "server" ? process.env.FANOUT_PROF : undefined;
  const flags = role === "clients" ? CLIENT_V8_FLAGS : [];
  return benchChild<ToChild, FromChild>(fileURLToPath(import.meta.url), role, plan, prof, flags);
}

type Child = ReturnType<typeof child>;

interface Window {
  deliveredPerSecond: number;
  offeredPerSecond: number;
  /** Server CPU over the window, in cores. */
  busy: number;
  kernelShare: number;
  /** Delivered messages per server CPU-second. */
  capacity: number;
  latencies: Float64Array;
  /** Clients' processes' CPU over the window, in cores: near their number, they limit what is measured. */
  clientBusy: number;
}

async function measureWindow(
  server: Child,
  clients: Child[],
  opts: { clients: number; channels: number; seconds: number; warmup: number },
): Promise<Window> {
  server.send({ cmd: "start" });
  await sleep(opts.warmup * 1000);
  for (const c of clients) c.send({ cmd: "reset" });
  server.send({ cmd: "mark" });
  const m0 = await server.next("mark");
  await sleep(opts.seconds * 1000);
  server.send({ cmd: "mark" });
  const m1 = await server.next("mark");
  for (const c of clients) c.send({ cmd: "report" });
  const reports = await Promise.all(clients.map((c) => c.next("report")));
  server.send({ cmd: "stop" });
  const report = {
    received: reports.reduce((n, r) => n + r.received, 0),
    latencies: pooled(reports.map((r) => r.latencies)),
    cpu: reports.reduce((n, r) => n + r.cpu, 0),
  };
  const seconds = (m1.at - m0.at) / 1000;
  const cpu = (m1.user - m0.user + (m1.system - m0.system)) / 1e6;
  const delivered = report.received / seconds;
  return {
    deliveredPerSecond: delivered,
    offeredPerSecond: ((m1.published - m0.published) * (opts.clients / opts.channels)) / seconds,
    busy: cpu / seconds,
    kernelShare: (m1.system - m0.system) / 1e6 / Math.max(cpu, 1e-6),
    capacity: delivered / Math.max(cpu / seconds, 0.01),
    latencies: report.latencies,
    clientBusy: report.cpu / seconds,
  };
}

function line(system: System, w: Omit<Window, "latencies">, ages: Float64Array, rate: number): string {
  const sorted = ages.slice().sort();
  return (
    `${system.padEnd(10)} delivered ${fmt(w.deliveredPerSecond)} msg/s (offered ${fmt(w.offeredPerSecond)}, ` +
    `${((w.offeredPerSecond / rate) * 100).toFixed(0).padStart(3)}% of target)` +
    `  price age p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms` +
    `  server CPU ${(w.busy * 100).toFixed(0).padStart(3)}% of a core (${(w.kernelShare * 100).toFixed(0)}% kernel)` +
    ` → capacity ${fmt(w.capacity)} msg/s per core  (clients' CPU ${(w.clientBusy * 100).toFixed(0)}%)`
  );
}

async function main(): Promise<void> {
  const opts = {
    clients: arg("clients", 5000),
    channels: arg("channels", 200),
    rate: arg("rate", 2000),
    seconds: arg("seconds", 3),
    warmup: arg("warmup", 1),
  };
  const rounds = arg("rounds", 7);
  const clientProcs = arg("client-procs", 4);
  const onlyAt = process.argv.indexOf("--only");
  const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? "").split(",") : null;
  const systems = (["ws", "socket.io", "gateway"] as const).filter((s) => !only || only.includes(s));
  const offered = (opts.rate * opts.clients) / opts.channels;
  console.log(
    `fan-out: ${opts.clients} clients over ${opts.channels} channels, ${opts.rate} publications/s ` +
      `(${offered} messages/s offered), ${rounds} rounds of ` +
      `${opts.seconds} s windows taken in turn, clients in ${clientProcs} processes per system`,
  );

  const running: Child[] = [];
  const pairs = new Map<System, { server: Child; clients: Child[] }>();
  try {
    for (const system of systems) {
      const plan: Plan = { system, clients: opts.clients, channels: opts.channels, rate: opts.rate };
      const server = child("server", plan);
      running.push(server);
      const { url } = await server.next("listening");
      progress(`${system}: connecting ${opts.clients} clients`);
      const started = now();
      const clients = Array.from({ length: clientProcs }, (_, p) => {
        const first = Math.floor((opts.clients * p) / clientProcs);
        const count = Math.floor((opts.clients * (p + 1)) / clientProcs) - first;
        return child("clients", { ...plan, url, first, count });
      });
      running.push(...clients);
      await Promise.all(clients.map((c) => c.next("ready")));
      progress(`${system}: clients connected in ${((now() - started) / 1000).toFixed(1)} s`);
      pairs.set(system, { server, clients });
    }

    const windows = new Map<System, Window[]>(systems.map((s) => [s, []]));
    for (let round = 1; round <= rounds; round++) {
      // Each round starts with another system, so none always follows the same neighbour.
      const order = systems.map((_, i) => systems[(i + round - 1) % systems.length] as System);
      for (const system of order) {
        const { server, clients } = pairs.get(system) as { server: Child; clients: Child[] };
        progress(`round ${round}: ${system}`);
        const w = await measureWindow(server, clients, opts);
        windows.get(system)?.push(w);
        console.log(`  round ${round} ${line(system, w, w.latencies, offered)}`);
      }
    }

    console.log("median over rounds (price age over every message of every window):");
    const ages = new Map<System, Float64Array>();
    for (const system of systems) {
      const ws = windows.get(system) as Window[];
      const all = pooled(ws.map((w) => w.latencies));
      ages.set(system, all);
      const med = (f: (w: Window) => number) => median(ws.map(f));
      const summary = {
        deliveredPerSecond: med((w) => w.deliveredPerSecond),
        offeredPerSecond: med((w) => w.offeredPerSecond),
        busy: med((w) => w.busy),
        kernelShare: med((w) => w.kernelShare),
        capacity: med((w) => w.capacity),
        clientBusy: med((w) => w.clientBusy),
      };
      console.log(`  ${line(system, summary, all, offered)}`);
    }

    // Each round's ratio compares windows a few seconds apart; the median ignores a disturbed one.
    const ratio = (a: System, b: System, f: (w: Window) => number) => {
      const wa = windows.get(a) as Window[];
      const wb = windows.get(b) as Window[];
      return median(wa.map((w, i) => f(w) / f(wb[i] as Window)));
    };
    // The capacity targets compare capacity: below saturation every system delivers what it is
    // offered, so wall-clock rates differ only where other load on the machine held a publisher back.
    if (pairs.has("gateway") && pairs.has("ws")) {
      const cap = ratio("gateway", "ws", (w) => w.capacity);
      const rate = ratio("gateway", "ws", (w) => w.deliveredPerSecond);
      console.log(
        `gateway vs bare ws:   capacity ${(cap * 100).toFixed(0)}% (median of per-round ratios) → ` +
          `target ≥ 90%: ${verdict(cap >= 0.9)}   [wall-clock delivered ${(rate * 100).toFixed(0)}%]`,
      );
    }
    if (pairs.has("gateway") && pairs.has("socket.io")) {
      const cap = ratio("gateway", "socket.io", (w) => w.capacity);
      const rate = ratio("gateway", "socket.io", (w) => w.deliveredPerSecond);
      console.log(
        `gateway vs Socket.IO: capacity ${cap.toFixed(2)}× (median of per-round ratios) → ` +
          `target above Socket.IO: ${verdict(cap > 1)}   [wall-clock delivered ${rate.toFixed(2)}×]`,
      );
      // Price age: every message of every window pooled, so one quiet window cannot carry it.
      const g = ages.get("gateway") as Float64Array;
      const io = ages.get("socket.io") as Float64Array;
      const share = (sys: System) =>
        median((windows.get(sys) as Window[]).map((w) => w.offeredPerSecond)) / offered;
      const fairness =
        share("socket.io") < 0.95
          ? `   [Socket.IO's publisher managed ${(share("socket.io") * 100).toFixed(0)}% of the target rate: ` +
            "its clients had less to read]"
          : "";
      for (const p of [50, 99]) {
        const a = percentile(g, p);
        const b = percentile(io, p);
        console.log(
          `price age p${p}: gateway ${a.toFixed(1)} ms, Socket.IO ${b.toFixed(1)} ms → ` +
            `target no worse than Socket.IO: ${verdict(a <= b)}${fairness}`,
        );
      }
    }
  } finally {
    for (const c of running) c.close();
  }
}

const started = childRole<Plan>();
if (started?.role === "server") {
  void runServer(started.plan);
} else if (started?.role === "clients" && started.plan.url) {
  const { url, first = 0, count = started.plan.clients } = started.plan;
  void runClients({ ...started.plan, url, first, count });
} else {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
