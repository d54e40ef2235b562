import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Centrifuge, type DisconnectedContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

describe("a node shutting down", () => {
  let server: Server;
  let address: string;

  beforeAll(async () => {
    server = await createServer({
      ...readConfig({
        SERVE_PAGES: "off",
        LOG_LEVEL: "silent",
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(join(tmpdir(), "sb-draining-")),
        FEED_ENABLED: "off",
        HOUSEKEEPING_INTERVAL_SECONDS: "0",
        DEMO_PLAYER: "off",
        HOST_DEMO: "off",
        SHUTDOWN_DRAIN_MS: "800",
      }),
      PORT: 0,
    });
    address = await server.start();
  }, 120_000);
  afterAll(async () => {
    if (!server.draining()) await server.stop();
  });

  it("answers readiness 503 first while it still serves, then tells realtime clients to reconnect", async () => {
    expect((await fetch(`${address}/api/ready`)).status).toBe(200);
    const client = new Centrifuge(`${address.replace("http", "ws")}/connection/websocket`, {
      websocket: WebSocket,
      minReconnectDelay: 60_000,
    });
    await new Promise<void>((resolve) => {
      client.once("connected", () => resolve());
      client.connect();
    });
    const disconnected = new Promise<DisconnectedContext | "connecting">((resolve) => {
      client.once("connecting", () => resolve("connecting"));
      client.once("disconnected", resolve);
    });

    const stopping = server.stop();
    const ready = await fetch(`${address}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe("draining");
    // liveness and every other route still answer while the load balancer takes the node out
    expect((await fetch(`${address}/api/live`)).status).toBe(200);
    expect((await fetch(`${address}/api/sports`)).status).toBe(200);
    expect(client.state).toBe("connected");

    // a disconnect with reconnect advice: the client goes on to connect again, not to stay away
    expect(await disconnected).toBe("connecting");
    await stopping;
    client.disconnect();
  }, 60_000);
});
