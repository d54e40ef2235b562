import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/** One soccer game of the Spanish league with a 1x2 market, as Swarm answers a subscribing `get`. */
const tree = (home: number) => ({
  sport: {
    "1": {
      id: 1,
      name: "Soccer",
      region: {
        "2": {
          id: 2,
          name: "Spain",
          competition: {
            "3": {
              id: 3,
              name: "La Liga",
              game: {
                "10": {
                  id: 10,
                  team1_id: 41,
                  team1_name: "Sevilla",
                  team2_id: 42,
                  team2_name: "Getafe",
                  start_ts: 1_900_000_000,
                  type: 0,
                  market: {
                    "100": {
                      id: 100,
                      type: "P1XP2",
                      event: {
                        "1000": { id: 1000, type: "P1", price: home },
                        "1001": { id: 1001, type: "X", price: 3.9 },
                        "1002": { id: 1002, type: "P2", price: 6.25 },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

/** A Swarm server on a local port: sessions for site 7, one answer per `get`, then what the test pushes. */
export function swarmServer() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  const commands: { command: string; rid: string; params: Record<string, unknown> }[] = [];
  const sockets: WebSocket[] = [];
  let home = 1.5;
  wss.on("connection", (ws) => {
    sockets.push(ws);
    ws.on("message", (raw) => {
      const m = JSON.parse(raw.toString()) as (typeof commands)[number];
      commands.push(m);
      if (m.command === "request_session")
        ws.send(
          JSON.stringify(
            m.params.site_id === 7
              ? { code: 0, rid: m.rid, data: { sid: `sid-${sockets.length}` } }
              : { code: 12, rid: m.rid, msg: "Invalid site id", data: null },
          ),
        );
      if (m.command === "get")
        ws.send(
          JSON.stringify({
            code: 0,
            rid: m.rid,
            data: { subid: `games-${sockets.length}`, data: tree(home) },
          }),
        );
    });
  });
  return {
    url: () => `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    commands,
    setHome: (price: number) => {
      home = price;
    },
    /** Sends to the newest connection. */
    push: (body: string) => sockets.at(-1)?.send(body),
    dropAll: () => {
      for (const s of sockets) s.terminate();
    },
    close: () => new Promise<void>((r) => wss.close(() => r())),
  };
}
