import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Centrifuge, type PublicationContext } from "centrifuge";
import { afterEach, expect, it } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

let server: Server | undefined;
let centrifuge: Centrifuge | undefined;
afterEach(async () => {
  centrifuge?.disconnect();
  await server?.stop();
});

it("serves the realtime gateway on /connection/websocket and publishes through the server's publisher", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sb-realtime-"));
  server = await createServer({
    ...readConfig({ SERVE_PAGES: "off", LOG_LEVEL: "silent", DATA_DIR: dataDir, HOST: "127.0.0.1" }),
    PORT: 0,
  });
  const address = await server.start();
  centrifuge = new Centrifuge(`${address.replace("http", "ws")}/connection/websocket`, {
    websocket: WebSocket,
  });
  const sub = centrifuge.newSubscription("public:en");
  const subscribed = new Promise((resolve) => sub.once("subscribed", resolve));
  const publication = new Promise<PublicationContext>((resolve) => sub.once("publication", resolve));
  sub.subscribe();
  centrifuge.connect();
  await subscribed;
  await server.publisher.publish("public:en", {
    type: "provider_status_changed",
    provider: "betradar",
    status: "up",
  });
  expect((await publication).data).toEqual({
    type: "provider_status_changed",
    provider: "betradar",
    status: "up",
  });
});
