import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Centrifuge } from "centrifuge";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

let server: Server;
let address: string;
let client: Centrifuge;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sb-rpc-"));
  server = await createServer({
    ...readConfig({
      SERVE_PAGES: "off",
      FEED_MATCHES: "6",
      // Simulated time all but stands still: the catalogue cannot change between the two reads.
      FEED_SPEED: "0.0001",
      DEMO_PLAYER: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
    }),
    PORT: 0,
  });
  address = await server.start();
  client = new Centrifuge(`${address.replace("http", "ws")}/connection/websocket`, { websocket: WebSocket });
  const connected = new Promise((resolve) => client.once("connected", resolve));
  client.connect();
  await connected;
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await server?.stop();
}, 30_000);

it("answers an rpc with the same body as the API's HTTP call", async () => {
  // The simulated feed's first matches make the catalogue.
  const sports = await vi.waitFor(
    async () => {
      const body = (await (await fetch(`${address}/api/sports`)).json()) as { data: { key: string }[] };
      expect(body.data.length).toBeGreaterThan(0);
      return body.data;
    },
    { timeout: 30_000, interval: 200 },
  );
  const sport = sports[0]?.key ?? "";
  const http = await (await fetch(`${address}/api/matches?sport=${sport}`)).json();
  expect((await client.rpc("matches", { query: { sport } })).data).toEqual(http);
  expect((await client.rpc("sports", { locale: "de" })).data).toEqual(
    await (await fetch(`${address}/api/sports`, { headers: { "accept-language": "de" } })).json(),
  );
}, 40_000);

it("passes the API's refusal on with its catalogue code and message", async () => {
  const http = await fetch(`${address}/api/matches/999999999/markets`);
  const refusal = (await http.json()) as { code: number; message: string };
  expect(http.status).toBe(404);
  await expect(client.rpc("match_markets", { id: 999_999_999 })).rejects.toMatchObject({
    code: refusal.code >= 1000 ? refusal.code : 1000 + 404,
    message: refusal.message,
  });
});

it("refuses malformed rpc data with bad request and unknown methods with method not found", async () => {
  await expect(client.rpc("match_markets", {})).rejects.toMatchObject({ code: 107 });
  await expect(client.rpc("sports", { id: 1 })).rejects.toMatchObject({ code: 107 });
  await expect(client.rpc("sports", { locale: "<script>" })).rejects.toMatchObject({ code: 107 });
  await expect(client.rpc("sports", { extra: true })).rejects.toMatchObject({ code: 107 });
  await expect(client.rpc("player", {})).rejects.toMatchObject({ code: 104 });
});
