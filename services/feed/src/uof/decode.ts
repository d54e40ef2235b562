import { MARKET_STATUS } from "@sportsbook/domain";
import type { z } from "zod";
import type { DecodeResult } from "../decode-result.js";
import {
  canonicalSpecifiers,
  type FeedEvent,
  type MarketOdds,
  type MarketRef,
  PRODUCER,
  type Provider,
  parseSpecifiers,
  type SettledMarket,
} from "../model.js";
import type { MarketMapping } from "./mapping.js";
import { readOddsChangeFast } from "./odds-fast.js";
import * as s from "./schema.js";
import { readXml } from "./xml.js";

/** Elements that may repeat, read as arrays even when there is one. */
const ARRAYS = new Set(["market", "outcome", "period_score", "competitor", "tv_channel"]);
export const isUofArray = (name: string): boolean => ARRAYS.has(name);

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

/**
 * Turns one UOF XML message (betradar or oddin) into an internal event. Malformed XML, an unknown
 * root element or a message that breaks the schema is rejected with a reason; nothing partial is
 * returned.
 */
export function decodeUof(provider: Provider, mapping: MarketMapping, xml: string): DecodeResult {
  const read = readXml(xml, isUofArray);
  if (!read.ok) return { ok: false, code: "feed.malformed", reason: `malformed XML: ${read.reason}` };
  const doc = read.doc;
  const roots = Object.keys(doc);
  const root = roots[0];
  if (roots.length !== 1 || root === undefined || Array.isArray(doc[root])) {
    return { ok: false, code: "feed.malformed", reason: "expected exactly one root element" };
  }
  const body = doc[root] === "" ? {} : doc[root];
  const fail = (e: z.ZodError): DecodeResult => ({
    ok: false,
    code: "feed.invalid",
    reason: `${root}: ${issues(e)}`,
  });
  const ctx = { provider, mapping };

  switch (root) {
    case "odds_change": {
      const fast = readOddsChangeFast(body);
      if (fast) return oddsChange(ctx, fast);
      const r = s.oddsChangeSchema.safeParse(body);
      return r.success ? oddsChange(ctx, r.data) : fail(r.error);
    }
    case "bet_stop": {
      const r = s.betStopSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const d = r.data;
      return done({
        kind: "bet_stop",
        ...envelope(provider, d),
        groups: d.groups.split("|"),
        marketStatus: d.market_status ?? MARKET_STATUS.suspended,
      });
    }
    case "bet_settlement": {
      const r = s.betSettlementSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const markets: SettledMarket[] = [];
      const warnings: string[] = [];
      for (const m of r.data.outcomes.market) {
        const c = mapping.toCanonical(m.id, m.specifiers ?? "");
        if (!c) {
          warnings.push(unknownMarket(m.id, m.specifiers));
          continue;
        }
        markets.push({
          id: c.id,
          specifiers: c.specifiers,
          ...(m.void_reason !== undefined ? { voidReason: m.void_reason } : {}),
          outcomes: m.outcome.map((o) => ({
            id: mapping.outcomeToCanonical(c.id, o.id),
            result: o.result,
            ...(o.void_factor !== undefined ? { voidFactor: o.void_factor } : {}),
            ...(o.dead_heat_factor !== undefined ? { deadHeatFactor: o.dead_heat_factor } : {}),
          })),
        });
      }
      return done(
        {
          kind: "bet_settlement",
          ...envelope(provider, r.data),
          ...(r.data.certainty !== undefined ? { certainty: r.data.certainty } : {}),
          markets,
        },
        warnings,
      );
    }
    case "bet_cancel": {
      const r = s.betCancelSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const d = r.data;
      return done({
        kind: "bet_cancel",
        ...envelope(provider, d),
        ...(d.start_time !== undefined ? { startTime: d.start_time } : {}),
        ...(d.end_time !== undefined ? { endTime: d.end_time } : {}),
        ...(d.superceded_by !== undefined ? { supercededBy: d.superceded_by } : {}),
        markets: refs(mapping, d.market),
      });
    }
    case "rollback_bet_settlement": {
      const r = s.rollbackSettlementSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      return done({
        kind: "rollback_bet_settlement",
        ...envelope(provider, r.data),
        markets: refs(mapping, r.data.market),
      });
    }
    case "rollback_bet_cancel": {
      const r = s.rollbackCancelSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const d = r.data;
      return done({
        kind: "rollback_bet_cancel",
        ...envelope(provider, d),
        ...(d.start_time !== undefined ? { startTime: d.start_time } : {}),
        ...(d.end_time !== undefined ? { endTime: d.end_time } : {}),
        markets: refs(mapping, d.market),
      });
    }
    case "fixture_change": {
      const r = s.fixtureChangeSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const d = r.data;
      return done({
        kind: "fixture_change",
        ...envelope(provider, d),
        ...(d.change_type !== undefined ? { changeType: d.change_type } : {}),
        ...(d.start_time !== undefined ? { startTime: d.start_time } : {}),
        ...(d.next_live_time !== undefined ? { nextLiveTime: d.next_live_time } : {}),
      });
    }
    case "alive": {
      const r = s.aliveSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      return done({
        kind: "alive",
        provider,
        producer: r.data.product,
        timestamp: r.data.timestamp,
        subscribed: r.data.subscribed,
      });
    }
    case "snapshot_complete": {
      const r = s.snapshotCompleteSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      return done({
        kind: "snapshot_complete",
        provider,
        producer: r.data.product,
        timestamp: r.data.timestamp,
        requestId: r.data.request_id,
      });
    }
    case "fixtures_fixture": {
      const r = s.fixtureSchema.safeParse(body);
      if (!r.success) return fail(r.error);
      const f = r.data.fixture;
      const t = f.tournament;
      return done({
        kind: "fixture",
        provider,
        producer: PRODUCER.none,
        eventUrn: f.id,
        timestamp: r.data.generated_at ? Date.parse(r.data.generated_at) : Date.parse(f.start_time),
        fixture: {
          type: f.id.includes(":outright:") ? "outright" : "match",
          ...(f.name !== undefined ? { name: f.name } : {}),
          startTime: Date.parse(f.start_time),
          ...(f.scheduled_end !== undefined ? { endTime: Date.parse(f.scheduled_end) } : {}),
          sport: { urn: t.sport.id, name: t.sport.name },
          category: {
            urn: t.category.id,
            name: t.category.name,
            ...(t.category.country_code !== undefined ? { countryCode: t.category.country_code } : {}),
          },
          tournament: { urn: t.id, name: t.name },
          competitors: (f.competitors?.competitor ?? []).map((c) => ({
            urn: c.id,
            name: c.name,
            ...(c.abbreviation !== undefined ? { abbreviation: c.abbreviation } : {}),
            ...(c.qualifier !== undefined ? { qualifier: c.qualifier } : {}),
            ...(c.country_code !== undefined ? { countryCode: c.country_code } : {}),
          })),
          ...(f.venue
            ? { venue: { name: f.venue.name, ...(f.venue.city_name ? { city: f.venue.city_name } : {}) } }
            : {}),
          liveOdds: f.liveodds === "booked",
          ...(f.tv_channels ? { tvChannels: tvChannelsOf(f.tv_channels.tv_channel) } : {}),
        },
      });
    }
    default:
      return { ok: false, code: "feed.unknown_message", reason: `unknown message type <${root}>` };
  }
}

/** The channels of a fixture that carry a stream address (a channel named alone cannot be watched here). */
function tvChannelsOf(
  channels: readonly { name: string; stream_url?: string | undefined; language?: string | undefined }[],
) {
  return channels.flatMap((c) =>
    c.stream_url
      ? [{ name: c.name, streamUrl: c.stream_url, ...(c.language ? { language: c.language } : {}) }]
      : [],
  );
}

/** The warning for a market the mapping does not know, named by id and variant (not by line, so it repeats exactly). */
function unknownMarket(id: number, specifiers: string | undefined): string {
  const variant = parseSpecifiers(specifiers ?? "").variant;
  return `unknown market ${id}${variant !== undefined ? ` variant ${variant}` : ""}`;
}

function done(event: FeedEvent, warnings: string[] = []): DecodeResult {
  return { ok: true, events: [event], warnings };
}

function envelope(
  provider: Provider,
  d: { product: number; event_id: string; timestamp: number; request_id?: number | undefined },
) {
  return {
    provider,
    producer: d.product,
    eventUrn: d.event_id,
    timestamp: d.timestamp,
    ...(d.request_id !== undefined ? { requestId: d.request_id } : {}),
  };
}

function refs(
  mapping: MarketMapping,
  list: { id: number; specifiers?: string | undefined; void_reason?: number | undefined }[],
): MarketRef[] {
  const out: MarketRef[] = [];
  for (const m of list) {
    const c = mapping.toCanonical(m.id, m.specifiers ?? "");
    if (c) out.push({ ...c, ...(m.void_reason !== undefined ? { voidReason: m.void_reason } : {}) });
  }
  return out;
}

function oddsChange(
  ctx: { provider: Provider; mapping: MarketMapping },
  d: z.infer<typeof s.oddsChangeSchema>,
): DecodeResult {
  const warnings: string[] = [];
  const markets: MarketOdds[] = [];
  for (const m of d.odds?.market ?? []) {
    const c = ctx.mapping.toCanonical(m.id, m.specifiers ?? "");
    if (!c) {
      warnings.push(unknownMarket(m.id, m.specifiers));
      continue;
    }
    markets.push({
      id: c.id,
      specifiers: canonicalSpecifiers(c.specifiers),
      status: m.status ?? 1,
      outcomes: m.outcome.map((o) => ({
        id: ctx.mapping.outcomeToCanonical(c.id, o.id),
        odds: o.odds ?? null,
        active: o.active ?? true,
      })),
      ...(m.market_metadata?.next_betstop !== undefined
        ? { nextBetstop: m.market_metadata.next_betstop }
        : {}),
    });
  }
  const st = d.sport_event_status;
  return done(
    {
      kind: "odds_change",
      ...envelope(ctx.provider, d),
      ...(st
        ? {
            status: {
              status: st.status as 0,
              matchStatus: st.match_status,
              ...(st.home_score !== undefined ? { homeScore: st.home_score } : {}),
              ...(st.away_score !== undefined ? { awayScore: st.away_score } : {}),
              periodScores: (st.period_scores?.period_score ?? []).map((p) => ({
                number: p.number,
                type: p.type,
                matchStatusCode: p.match_status_code,
                home: p.home_score,
                away: p.away_score,
              })),
              ...(st.clock
                ? {
                    clock: Object.fromEntries(
                      Object.entries({
                        matchTime: st.clock.match_time,
                        stoppageTime: st.clock.stoppage_time,
                        remainingTime: st.clock.remaining_time,
                        remainingTimeInPeriod: st.clock.remaining_time_in_period,
                        stopped: st.clock.stopped,
                      }).filter(([, v]) => v !== undefined),
                    ),
                  }
                : {}),
              ...(st.home_gamescore !== undefined ? { homeGameScore: st.home_gamescore } : {}),
              ...(st.away_gamescore !== undefined ? { awayGameScore: st.away_gamescore } : {}),
              ...(st.current_server !== undefined ? { currentServer: st.current_server as 1 | 2 } : {}),
            },
          }
        : {}),
      ...(d.odds?.betting_status !== undefined ? { bettingStatus: d.odds.betting_status } : {}),
      ...(d.odds?.betstop_reason !== undefined ? { betstopReason: d.odds.betstop_reason } : {}),
      markets,
    },
    warnings,
  );
}
