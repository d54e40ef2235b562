import { MARKET_STATUS } from "@sportsbook/domain";
import { EVENT_STATUS, MATCH_STATUS_CODE, PRODUCER } from "../model.js";
import type { League, SportDef } from "./catalogue.js";
import { sportId } from "./catalogue.js";
import { competitors, type SimContext, type SimMessage, urnPrefix } from "./context.js";
import { outrightNames } from "./names.js";
import { ladder, MIN_ODDS } from "./pricing.js";
import { PRODUCERS } from "./producers.js";

interface SimOutright {
  urn: string;
  sport: SportDef;
  league: League;
  competitors: { urn: string; name: string; strength: number }[];
  specifiers: string;
}

/**
 * A season winner market for a league, repriced every ten minutes, settled after a few hours and
 * closed, when the next season's market takes its place. Closing matters: a settled outright left
 * open would stay in the league's schedule with no price to offer, one more every few hours.
 */
/** Each open outright's last price message by URN: what a recovery snapshot sends again. */
export type OpenOutrights = Map<string, SimMessage>;

export function scheduleOutright(
  ctx: SimContext,
  sport: SportDef,
  league: League,
  open: OpenOutrights,
): void {
  const { rng, queue, margin } = ctx;
  const comps = competitors(ctx, sport, 8).map((c) => ({ ...c, strength: rng.normal(0, 0.8) }));
  const o: SimOutright = {
    urn: `${urnPrefix(sport)}:outright:${9_000_000 + ctx.newId()}`,
    sport,
    league,
    competitors: comps,
    specifiers: `variant=sr:winner:${league.tournament.urn.slice(league.tournament.urn.lastIndexOf(":") + 1)}`,
  };
  ctx.describe(o.urn, outrightNames(league.tournament.name));
  const ends = ctx.now() + rng.int(3, 6) * 3_600_000;
  const producer = PRODUCERS[sport.provider].pre;
  const env = () => ({ provider: sport.provider, producer, eventUrn: o.urn, timestamp: ctx.now() });
  const meta = { sportId: sportId(sport), live: false };
  ctx.push({
    ...meta,
    event: {
      kind: "fixture",
      ...env(),
      producer: PRODUCER.none,
      fixture: {
        type: "outright",
        name: `${league.tournament.name} - Winner`,
        startTime: ctx.now(),
        endTime: ends,
        sport: { urn: sport.urn, name: sport.name },
        category: league.category,
        tournament: league.tournament,
        competitors: comps.map((c) => ({ urn: c.urn, name: c.name })),
        liveOdds: false,
      },
    },
  });
  const probs = () => {
    const w = o.competitors.map((c) => Math.exp(c.strength));
    const s = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / s);
  };
  const price = () => {
    const p = probs();
    const message: SimMessage = {
      ...meta,
      event: {
        kind: "odds_change",
        ...env(),
        markets: [
          {
            id: 534,
            specifiers: o.specifiers,
            status: MARKET_STATUS.allowed,
            outcomes: o.competitors.map((c, i) => ({
              id: c.urn,
              odds: Math.max(MIN_ODDS, ladder(1 / ((p[i] ?? 0.01) * (1 + margin * 3)))),
              active: true,
            })),
          },
        ],
      },
    };
    open.set(o.urn, message);
    ctx.push(message);
  };
  price();
  const drift = () => {
    if (ctx.now() >= ends) {
      const p = probs();
      const pickWinner = () => {
        let r = rng.next();
        for (let i = 0; i < p.length; i++) {
          r -= p[i] ?? 0;
          if (r < 0) return i;
        }
        return p.length - 1;
      };
      const first = pickWinner();
      let second = rng.chance(0.25) ? pickWinner() : first;
      if (second === first) second = -1;
      ctx.push({
        ...meta,
        event: {
          kind: "bet_settlement",
          ...env(),
          certainty: 2,
          markets: [
            {
              id: 534,
              specifiers: o.specifiers,
              ...(second >= 0 ? { voidReason: 8 } : {}),
              outcomes: o.competitors.map((c, i) =>
                i === first || i === second
                  ? { id: c.urn, result: 1 as const, ...(second >= 0 ? { deadHeatFactor: 0.5 } : {}) }
                  : { id: c.urn, result: 0 as const },
              ),
            },
          ],
        },
      });
      ctx.push({
        ...meta,
        event: {
          kind: "odds_change",
          ...env(),
          status: { status: EVENT_STATUS.closed, matchStatus: MATCH_STATUS_CODE.ended, periodScores: [] },
          markets: [],
        },
      });
      open.delete(o.urn);
      scheduleOutright(ctx, sport, league, open);
      return;
    }
    for (const c of o.competitors) c.strength += rng.normal(0, 0.05);
    price();
    queue.push(Math.min(ends, ctx.now() + 10 * 60_000), drift);
  };
  queue.push(ctx.now() + 10 * 60_000, drift);
}
