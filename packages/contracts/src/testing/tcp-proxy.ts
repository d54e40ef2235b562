import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

/**
 * A TCP proxy between a client and a shared server (RabbitMQ, Redis) that a test cuts, refuses and
 * restores, so a broker "stopped and started again" or a connection "closed by the server" is played
 * without touching the server other suites use. Test helper; nothing shipped imports it.
 */
export interface TcpProxy {
  /** The port clients connect to. */
  port: number;
  /** Ports of the proxy's own connections to the server (as the server lists its peers). */
  upstreamPorts(): number[];
  /** Drops every connection through the proxy, as a server that went away does. */
  cut(): void;
  /** Stops listening and drops every connection: new attempts are refused (ECONNREFUSED). */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let port = 0;
  let server: Server;

  function open(): Promise<void> {
    server = createServer((client) => {
      const upstream = tcpConnect(target.port, target.host);
      const pair = { client, upstream };
      pairs.add(pair);
      const end = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      // a dropped side ends the pair; the other side sees its socket close, as with a real outage
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        if (address && typeof address === "object") port = address.port;
        resolve();
      });
    });
  }

  function cut(): void {
    for (const p of [...pairs]) {
      p.client.destroy();
      p.upstream.destroy();
    }
    pairs.clear();
  }

  await open();
  return {
    get port() {
      return port;
    },
    upstreamPorts: () =>
      [...pairs].map((p) => p.upstream.localPort).filter((n): n is number => n !== undefined),
    cut,
    async refuse() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cut();
      });
    },
    restore: open,
    async close() {
      cut();
      await new Promise<void>((resolve) => {
        if (!server.listening) resolve();
        else server.close(() => resolve());
      });
    },
  };
}
