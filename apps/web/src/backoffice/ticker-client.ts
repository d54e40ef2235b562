import {
  type BetTickerEvent,
  betTickerEventSchema,
  STAFF_BETS_CHANNEL,
  tickerTokenResponseSchema,
} from "@sportsbook/contracts/bet-ticker";
import { Centrifuge } from "centrifuge";
import { DEFAULT_REALTIME, resolveTransports } from "../lib/realtime-transports";
import { REALTIME_DEFAULTS } from "../live/realtime-client";
import { boFetch } from "./api";

export type TickerState = "connecting" | "connected" | "disconnected";

/**
 * Connects to the gateway on this origin as the signed-in staff member and hands each ticker entry
 * to `onEntry`. Both tokens come from the back office's ticker route, asked again whenever the
 * client needs a fresh one; returns the function that closes the connection.
 */
export function openTicker(
  onEntry: (e: BetTickerEvent) => void,
  onState: (s: TickerState) => void,
): () => void {
  const tokens = () =>
    boFetch<unknown>("/ticker/token", { method: "POST" }).then(
      (b) => tickerTokenResponseSchema.parse(b).data,
    );
  const { transports, emulationEndpoint } = resolveTransports(DEFAULT_REALTIME, window.location);
  const client = new Centrifuge(transports, {
    ...REALTIME_DEFAULTS,
    emulationEndpoint,
    getToken: async () => (await tokens()).connection_token,
  });
  client.on("state", (ctx) => onState(ctx.newState as TickerState));
  const sub = client.newSubscription(STAFF_BETS_CHANNEL, {
    getToken: async () => (await tokens()).subscription_token,
  });
  sub.on("publication", (ctx) => {
    const parsed = betTickerEventSchema.safeParse(ctx.data);
    if (parsed.success) onEntry(parsed.data);
  });
  sub.subscribe();
  client.connect();
  return () => {
    client.removeSubscription(sub);
    client.disconnect();
  };
}
