import {
  balanceChanged,
  betChanged,
  betTicker,
  matchChannel,
  notificationEvent,
  type RealtimeEvent,
  STAFF_BETS_CHANNEL,
  unreadCountersChanged,
  userChannel,
} from "@sportsbook/contracts";
import { type BetNotice, notificationView, type TickerBet } from "@sportsbook/db";
import { matchIdFrom } from "@sportsbook/domain";
import type { Provider } from "../model.js";
import type { MarketChange } from "./odds-change.js";

/** A realtime event and the channel it goes out on, once its change has committed. */
export type Publication = { channel: string; data: { type: string } };

type MarketsChanged = Extract<RealtimeEvent, { type: "markets_changed" }>;

/**
 * `markets_changed` on the match channel, when any market changed. Built as the contract's type
 * rather than parsed by its schema: every message publishes one, and parsing copied every market and
 * outcome the ingest had just built from checked values (`publications.test.ts` holds it to the schema).
 */
export function marketsEvent(matchId: number, provider: Provider, list: MarketChange[]): Publication[] {
  if (list.length === 0) return [];
  const data: MarketsChanged = {
    type: "markets_changed",
    match_id: matchIdFrom(matchId),
    provider,
    markets: list,
  };
  return [{ channel: matchChannel(matchId), data }];
}

/** What the players of settled or changed bets are told: the bet, the balance, the notification. */
export function betEvents(notices: BetNotice[]): Publication[] {
  const out: Publication[] = [];
  for (const n of notices) {
    out.push({
      channel: userChannel(n.playerId),
      data: betChanged({ id: n.betId, ...n }),
    });
    if (n.balance !== undefined) {
      out.push({
        channel: userChannel(n.playerId),
        data: balanceChanged(n.currency, n.balance),
      });
    }
    if (n.notification) {
      out.push(
        {
          channel: userChannel(n.playerId),
          data: notificationEvent(notificationView(n.notification.notification)),
        },
        {
          channel: userChannel(n.playerId),
          data: unreadCountersChanged(n.notification.unread),
        },
      );
    }
  }
  return out;
}

/** The back office's bet ticker: each settled bet as the database now holds it. */
export function tickerEvents(bets: TickerBet[], at: Date): Publication[] {
  return bets.map((bet) => ({ channel: STAFF_BETS_CHANNEL, data: betTicker("settled", bet, at) }));
}
