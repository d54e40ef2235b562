import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Centrifuge, type PublicationContext } from "centrifuge";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { readConfig } from "./config.js";
import { createServer, type Server } from "./server.js";

// The API issues the tokens and publishes; the gateway verifies and delivers: one server, both ends.
let server: Server;
let address: string;
let client: Centrifuge | undefined;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sb-player-realtime-"));
  server = await createServer({
    ...readConfig({
      SERVE_PAGES: "off",
      FEED_ENABLED: "off",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
    }),
    PORT: 0,
  });
  address = await server.start();
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await server?.stop();
}, 30_000);

it("a signed-in player's private channel carries balance_changed after a deposit", async () => {
  const signIn = await fetch(`${address}/api/demo/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { data } = (await signIn.json()) as { data: { player_id: number; csrf_token: string } };
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { cookie, "x-csrf-token": data.csrf_token, "content-type": "application/json" };
  const channel = `$user:${data.player_id}`;

  const token = async () =>
    (
      (await (
        await fetch(`${address}/api/websocket/token`, { method: "POST", headers, body: "{}" })
      ).json()) as {
        token: string;
      }
    ).token;
  const subscriptionToken = async () => {
    const res = await fetch(`${address}/api/websocket/authorize`, {
      method: "POST",
      headers,
      body: JSON.stringify({ channels: [channel] }),
    });
    return ((await res.json()) as { channels: { token: string }[] }).channels[0]?.token ?? "";
  };

  client = new Centrifuge(`${address.replace("http", "ws")}/connection/websocket`, {
    websocket: WebSocket,
    getToken: token,
  });
  const sub = client.newSubscription(channel, { getToken: subscriptionToken });
  const subscribed = new Promise((resolve) => sub.once("subscribed", resolve));
  const publication = new Promise<PublicationContext>((resolve) => sub.on("publication", resolve));
  sub.subscribe();
  client.connect();
  await subscribed;

  const deposit = await fetch(`${address}/api/player/deposits`, {
    method: "POST",
    headers,
    body: JSON.stringify({ currency: "EUR", amount: 25_00 }),
  });
  expect(deposit.status).toBe(200);
  expect((await publication).data).toEqual({ type: "balance_changed", currency: "EUR", balance: 1_025_00 });
}, 60_000);
