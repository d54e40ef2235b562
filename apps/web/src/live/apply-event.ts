import type { RealtimeEvent } from "@sportsbook/contracts/realtime";
import { z } from "zod";
import type { LiveStore } from "./live-store";

/** Realtime match statuses → SPEC §4 numeric match status. */
const MATCH_STATUS: Record<string, number> = {
  not_started: 0,
  live: 1,
  suspended: 2,
  interrupted: 2,
  closed: 3,
  cancelled: 3,
  abandoned: 3,
  ended: 4,
  postponed: 5,
};

/** Realtime market statuses → SPEC §4 numeric market status (1 allowed, -1 suspended, 0 and below not allowed). */
const MARKET_STATUS: Record<string, number> = {
  active: 1,
  suspended: -1,
  deactivated: 0,
  settled: -3,
  cancelled: -4,
};

/** Applies one validated realtime event to the live store. */
export function applyEvent(store: LiveStore, e: RealtimeEvent): void {
  switch (e.type) {
    case "markets_changed":
      store.applyMarkets(
        String(e.match_id),
        e.markets.map((m) => ({
          id: String(m.id),
          status: MARKET_STATUS[m.status] ?? 0,
          specifier: m.specifier,
          outcomes: m.outcomes.map((o) => ({ id: String(o.id), odds: o.odds, active: o.active })),
        })),
      );
      return;
    case "match_changed":
      if (e.statistics) store.applyMatch(String(e.match_id), { statistics: e.statistics });
      return;
    case "match_status_changed":
      store.applyMatch(String(e.match_id), { status: MATCH_STATUS[e.status] ?? 0 });
      return;
    default:
      return;
  }
}

const id = z.union([z.string(), z.number()]).transform(String);

/** The part of a GET /matches item that live views show (status, statistics, main market). */
export const matchSnapshotSchema = z.object({
  id,
  status: z.number().int(),
  statistics: z.unknown().optional(),
  main_market: z
    .object({
      id,
      status: z.number().int(),
      outcomes: z.array(z.object({ id, odds: z.number().int(), active: z.boolean().default(true) })),
    })
    .nullish(),
});

export function applySnapshot(store: LiveStore, m: z.infer<typeof matchSnapshotSchema>): void {
  store.applyMatch(m.id, {
    status: m.status,
    ...(m.statistics !== undefined ? { statistics: m.statistics } : {}),
  });
  if (m.main_market) store.applyMarkets(m.id, [m.main_market]);
}
