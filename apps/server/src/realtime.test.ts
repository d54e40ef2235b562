import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Centrifuge, type Options, type PublicationContext } from "centrifuge";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

let server: Server;
let address: string;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sb-realtime-"));
  server = await createServer({
    ...readConfig({ SERVE_PAGES: "off", LOG_LEVEL: "silent", DATA_DIR: dataDir, HOST: "127.0.0.1" }),
    PORT: 0,
  });
  address = await server.start();
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.stop();
}, 30_000);

/** Subscribes a client to `public:en`, publishes through the server's publisher, returns what arrived. */
async function roundTrip(endpoint: ConstructorParameters<typeof Centrifuge>[0], options: Partial<Options>) {
  const c = new Centrifuge(endpoint, options);
  clients.push(c);
  const sub = c.newSubscription("public:en");
  const subscribed = new Promise((resolve) => sub.once("subscribed", resolve));
  const publication = new Promise<PublicationContext>((resolve) => sub.once("publication", resolve));
  sub.subscribe();
  c.connect();
  await subscribed;
  const event = { type: "provider_status_changed", provider: "betradar", status: "up" };
  await server.publisher.publish("public:en", event);
  expect((await publication).data).toEqual(event);
}

it("serves the realtime gateway on /connection/websocket and publishes through the server's publisher", async () => {
  await roundTrip(`${address.replace("http", "ws")}/connection/websocket`, { websocket: WebSocket });
});

it("reports the gateway's metrics with the API's", async () => {
  const text = await (await fetch(`${address}/api/metrics`)).text();
  expect(text).toMatch(/realtime_connections/);
  expect(text).toMatch(/sportsbook_api_http_request_duration_seconds/);
});

it("serves the HTTP-streaming fallback and its command posts on the same origin", async () => {
  // Plain node:http with no keep-alive pool, so nothing outlives the test.
  const firstLine = await new Promise<string>((resolve, reject) => {
    const req = request(`${address}/connection/http_stream`, { method: "POST", agent: false }, (res) => {
      res.setEncoding("utf8");
      let buf = "";
      res.on("data", (chunk: string) => {
        buf += chunk;
        const nl = buf.indexOf("\n");
        if (nl >= 0) {
          resolve(buf.slice(0, nl));
          req.destroy();
        }
      });
    });
    req.on("error", reject);
    req.end('{"id":1,"connect":{}}');
  });
  const reply = JSON.parse(firstLine);
  expect(reply).toMatchObject({
    id: 1,
    connect: { client: expect.any(String), session: expect.any(String) },
  });
  const post = await new Promise<number>((resolve, reject) => {
    const req = request(`${address}/connection/emulation`, { method: "POST", agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(JSON.stringify({ session: "unknown", node: reply.connect.node, data: "{}" }));
  });
  expect(post).toBe(404);
});
