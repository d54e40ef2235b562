import { type FeedEvent, type MarketRef, oddsToDecimalText, type SportEventStatus } from "../model.js";
import type { MarketMapping } from "./mapping.js";

/** Writes internal events as UOF XML, the way betradar and oddin send them (used by the simulator). */

function esc(v: string): string {
  return v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attrs(a: Record<string, string | number | boolean | undefined>): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${esc(typeof v === "boolean" ? (v ? "1" : "0") : String(v))}"`;
  }
  return out;
}

function head(e: {
  provider: string;
  producer: number;
  timestamp: number;
  requestId?: number;
  eventUrn: string;
}) {
  return { product: e.producer, event_id: e.eventUrn, timestamp: e.timestamp, request_id: e.requestId };
}

function status(st: SportEventStatus): string {
  const clock = st.clock
    ? `<clock${attrs({
        match_time: st.clock.matchTime,
        stoppage_time: st.clock.stoppageTime,
        remaining_time: st.clock.remainingTime,
        remaining_time_in_period: st.clock.remainingTimeInPeriod,
        stopped: st.clock.stopped === undefined ? undefined : String(st.clock.stopped),
      })}/>`
    : "";
  const periods = st.periodScores.length
    ? `<period_scores>${st.periodScores
        .map(
          (p) =>
            `<period_score${attrs({
              home_score: p.home,
              away_score: p.away,
              match_status_code: p.matchStatusCode,
              number: p.number,
              type: p.type,
            })}/>`,
        )
        .join("")}</period_scores>`
    : "";
  return `<sport_event_status${attrs({
    status: st.status,
    reporting: 1,
    match_status: st.matchStatus,
    home_score: st.homeScore,
    away_score: st.awayScore,
    home_gamescore: st.homeGameScore,
    away_gamescore: st.awayGameScore,
    current_server: st.currentServer,
  })}>${clock}${periods}</sport_event_status>`;
}

function refs(mapping: MarketMapping, markets: MarketRef[]): string {
  return markets
    .map((m) => {
      const p = mapping.fromCanonical(m.id, m.specifiers);
      return `<market${attrs({ id: p.id, specifiers: p.specifiers || undefined, void_reason: m.voidReason })}/>`;
    })
    .join("");
}

export function encodeUof(event: FeedEvent, mapping: MarketMapping): string {
  switch (event.kind) {
    case "odds_change": {
      const markets = event.markets
        .map((m) => {
          const p = mapping.fromCanonical(m.id, m.specifiers);
          const meta =
            m.nextBetstop !== undefined ? `<market_metadata next_betstop="${m.nextBetstop}"/>` : "";
          const outcomes = m.outcomes
            .map(
              (o) =>
                `<outcome${attrs({
                  id: mapping.outcomeFromCanonical(m.id, o.id),
                  odds: o.odds === null ? undefined : oddsToDecimalText(o.odds),
                  active: o.active,
                })}/>`,
            )
            .join("");
          return `<market${attrs({ id: p.id, specifiers: p.specifiers || undefined, status: m.status })}>${meta}${outcomes}</market>`;
        })
        .join("");
      const odds =
        markets || event.bettingStatus !== undefined || event.betstopReason !== undefined
          ? `<odds${attrs({ betting_status: event.bettingStatus, betstop_reason: event.betstopReason })}>${markets}</odds>`
          : "";
      return `<odds_change${attrs(head(event))}>${event.status ? status(event.status) : ""}${odds}</odds_change>`;
    }
    case "bet_stop":
      return `<bet_stop${attrs({ ...head(event), groups: event.groups.join("|"), market_status: event.marketStatus })}/>`;
    case "bet_settlement": {
      const markets = event.markets
        .map((m) => {
          const p = mapping.fromCanonical(m.id, m.specifiers);
          const outcomes = m.outcomes
            .map(
              (o) =>
                `<outcome${attrs({
                  id: mapping.outcomeFromCanonical(m.id, o.id),
                  result: o.result,
                  void_factor: o.voidFactor,
                  dead_heat_factor: o.deadHeatFactor,
                })}/>`,
            )
            .join("");
          return `<market${attrs({ id: p.id, specifiers: p.specifiers || undefined, void_reason: m.voidReason })}>${outcomes}</market>`;
        })
        .join("");
      return `<bet_settlement${attrs({ certainty: event.certainty, ...head(event) })}><outcomes>${markets}</outcomes></bet_settlement>`;
    }
    case "bet_cancel":
      return `<bet_cancel${attrs({
        ...head(event),
        start_time: event.startTime,
        end_time: event.endTime,
        superceded_by: event.supercededBy,
      })}>${refs(mapping, event.markets)}</bet_cancel>`;
    case "rollback_bet_settlement":
      return `<rollback_bet_settlement${attrs(head(event))}>${refs(mapping, event.markets)}</rollback_bet_settlement>`;
    case "rollback_bet_cancel":
      return `<rollback_bet_cancel${attrs({ ...head(event), start_time: event.startTime, end_time: event.endTime })}>${refs(
        mapping,
        event.markets,
      )}</rollback_bet_cancel>`;
    case "fixture_change":
      return `<fixture_change${attrs({
        ...head(event),
        change_type: event.changeType,
        start_time: event.startTime,
        next_live_time: event.nextLiveTime,
      })}/>`;
    case "alive":
      return `<alive${attrs({ product: event.producer, timestamp: event.timestamp, subscribed: event.subscribed })}/>`;
    case "snapshot_complete":
      return `<snapshot_complete${attrs({ product: event.producer, timestamp: event.timestamp, request_id: event.requestId })}/>`;
    case "fixture": {
      const f = event.fixture;
      const t = f.tournament;
      const competitors = f.competitors
        .map(
          (c) =>
            `<competitor${attrs({
              id: c.urn,
              name: c.name,
              abbreviation: c.abbreviation,
              qualifier: c.qualifier,
              country_code: c.countryCode,
            })}/>`,
        )
        .join("");
      const venue = f.venue ? `<venue${attrs({ name: f.venue.name, city_name: f.venue.city })}/>` : "";
      const tv = f.tvChannels
        ? `<tv_channels>${f.tvChannels
            .map(
              (c) => `<tv_channel${attrs({ name: c.name, stream_url: c.streamUrl, language: c.language })}/>`,
            )
            .join("")}</tv_channels>`
        : "";
      return `<fixtures_fixture${attrs({ generated_at: new Date(event.timestamp).toISOString() })}><fixture${attrs(
        {
          id: event.eventUrn,
          name: f.name,
          start_time: new Date(f.startTime).toISOString(),
          scheduled_end: f.endTime === undefined ? undefined : new Date(f.endTime).toISOString(),
          liveodds: f.liveOdds ? "booked" : "not_available",
        },
      )}><tournament${attrs({ id: t.urn, name: t.name })}><sport${attrs({ id: f.sport.urn, name: f.sport.name })}/><category${attrs(
        {
          id: f.category.urn,
          name: f.category.name,
          country_code: f.category.countryCode,
        },
      )}/></tournament><competitors>${competitors}</competitors>${venue}${tv}</fixture></fixtures_fixture>`;
    }
  }
}
