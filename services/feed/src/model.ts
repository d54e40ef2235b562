import { type MarketStatus, ODDS_SCALE } from "@sportsbook/domain";
import { thousandths } from "./xml-number.js";

/**
 * The internal feed event model: every provider adapter turns its messages into these events, and the
 * ingest only ever sees these. Market and outcome ids are canonical (UOF/betradar numbering); a
 * provider with other ids maps them in its adapter.
 */

export type Provider = "betradar" | "oddin" | "betconstruct";
export const PROVIDERS: readonly Provider[] = ["betradar", "oddin", "betconstruct"];

/** UOF market statuses are the product's own (`MARKET_STATUS` of `@sportsbook/domain`). */
export type { MarketStatus };

/** UOF sport event statuses. */
export const EVENT_STATUS = {
  notStarted: 0,
  live: 1,
  suspended: 2,
  ended: 3,
  closed: 4,
  cancelled: 5,
  delayed: 6,
  interrupted: 7,
  postponed: 8,
  abandoned: 9,
} as const;
export type EventStatusCode = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

/** The UOF match status codes the feed reads or writes by name; the sports' periods are in `ingest/present.ts`. */
export const MATCH_STATUS_CODE = {
  notStarted: 0,
  firstSet: 8,
  abandoned: 90,
  ended: 100,
  firstMap: 141,
  firstInnings: 501,
} as const;

/** UOF producers the adapters speak as: none for fixtures, live odds, prematch odds. */
export const PRODUCER = { none: 0, live: 1, prematch: 3 } as const;

/** UOF fixture change types. */
export const FIXTURE_CHANGE = { new: 1, dateTime: 2, cancelled: 3, format: 4, coverage: 5 } as const;

export interface OutcomeOdds {
  id: string;
  /** Decimal odds × 1000; null when the provider sends no price (inactive outcome). */
  odds: number | null;
  active: boolean;
}

export interface MarketOdds {
  id: number;
  /** Canonical specifier string: `key=value` pairs sorted by key, joined with `|`; empty when none. */
  specifiers: string;
  status: MarketStatus;
  outcomes: OutcomeOdds[];
  /** Epoch ms of the next expected bet stop, when the provider announces one. */
  nextBetstop?: number;
}

export interface PeriodScore {
  number: number;
  /** UOF's regular_period, overtime or penalties; other providers name their own (Oddin's "map"). */
  type: string;
  matchStatusCode: number;
  home: number;
  away: number;
}

export interface MatchClock {
  matchTime?: string;
  stoppageTime?: string;
  remainingTime?: string;
  remainingTimeInPeriod?: string;
  stopped?: boolean;
}

export interface SportEventStatus {
  status: EventStatusCode;
  matchStatus: number;
  homeScore?: number;
  awayScore?: number;
  periodScores: PeriodScore[];
  clock?: MatchClock;
  /** Points in the current game (tennis), as shown: "0", "15", "30", "40", "A". */
  homeGameScore?: string;
  awayGameScore?: string;
  currentServer?: 1 | 2;
}

export interface SettledOutcome {
  id: string;
  /** 1 won, 0 lost, -1 not decided yet (the selection stays open). */
  result: 1 | 0 | -1;
  /** 1 full refund, 0.5 half refund (half win / half lose). */
  voidFactor?: 0.5 | 1;
  /** Share of the stake that wins in a dead heat, e.g. 0.5 for two tied competitors. */
  deadHeatFactor?: number;
}

export interface SettledMarket {
  id: number;
  specifiers: string;
  voidReason?: number;
  outcomes: SettledOutcome[];
}

export interface MarketRef {
  id: number;
  specifiers: string;
  voidReason?: number;
}

export interface CompetitorInfo {
  urn: string;
  name: string;
  abbreviation?: string;
  qualifier?: "home" | "away";
  countryCode?: string;
}

export interface FixtureInfo {
  type: "match" | "outright";
  name?: string;
  startTime: number;
  endTime?: number;
  sport: { urn: string; name: string };
  category: { urn: string; name: string; countryCode?: string };
  tournament: { urn: string; name: string };
  competitors: CompetitorInfo[];
  venue?: { name: string; city?: string };
  liveOdds: boolean;
  /**
   * Channels streaming the match (Sports API `tv_channels`); absent when the message says nothing
   * about them, empty when it says there are none.
   */
  tvChannels?: TvChannel[];
}

export interface TvChannel {
  name: string;
  streamUrl: string;
  language?: string;
}

interface Envelope {
  provider: Provider;
  /** Producer id (UOF `product`): 1 live, 3 prematch for betradar; 1/2 for oddin; 1 for betconstruct. */
  producer: number;
  /** Provider timestamp, epoch ms. */
  timestamp: number;
  requestId?: number;
}

interface EventEnvelope extends Envelope {
  eventUrn: string;
}

export type FeedEvent =
  | (EventEnvelope & {
      kind: "odds_change";
      status?: SportEventStatus;
      bettingStatus?: number;
      betstopReason?: number;
      markets: MarketOdds[];
    })
  | (EventEnvelope & { kind: "bet_stop"; groups: string[]; marketStatus: MarketStatus })
  | (EventEnvelope & {
      kind: "bet_settlement";
      /** 1 live-scouted, 2 confirmed; absent when the provider does not say (settled all the same). */
      certainty?: 1 | 2;
      markets: SettledMarket[];
    })
  | (EventEnvelope & {
      kind: "bet_cancel";
      startTime?: number;
      endTime?: number;
      supercededBy?: string;
      markets: MarketRef[];
    })
  | (EventEnvelope & { kind: "rollback_bet_settlement"; markets: MarketRef[] })
  | (EventEnvelope & {
      kind: "rollback_bet_cancel";
      startTime?: number;
      endTime?: number;
      markets: MarketRef[];
    })
  | (EventEnvelope & {
      kind: "fixture_change";
      /** UOF 1 new … 6 format changed; providers add their own numbers (Oddin 106). */
      changeType?: number;
      startTime?: number;
      nextLiveTime?: number;
    })
  | (EventEnvelope & { kind: "fixture"; fixture: FixtureInfo })
  | (Envelope & { kind: "alive"; subscribed: boolean })
  | (Envelope & { kind: "snapshot_complete"; requestId: number });

/** A provider-format message as it travels over a transport or sits in a recording. */
export interface FeedFrame {
  provider: Provider;
  /** UOF routing key (8 sections) or, for Swarm JSON, `swarm.{kind}.{sport}.{event}`. */
  routingKey: string;
  body: string;
}

/** Canonical specifier string: keys sorted so the same market always has the same key. */
export function canonicalSpecifiers(raw: string | Record<string, string> | undefined): string {
  if (raw === undefined || raw === "") return "";
  const pairs: [string, string][] =
    typeof raw === "string"
      ? raw.split("|").map((p) => {
          const i = p.indexOf("=");
          return i < 0 ? [p, ""] : [p.slice(0, i), p.slice(i + 1)];
        })
      : Object.entries(raw);
  return pairs
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("|");
}

export function parseSpecifiers(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (spec === "") return out;
  for (const p of spec.split("|")) {
    const i = p.indexOf("=");
    if (i > 0) out[p.slice(0, i)] = p.slice(i + 1);
  }
  return out;
}

/**
 * Decimal odds a provider sent as a JSON number to integer × 1000, through the number's shortest text
 * (1.85, never 1.8500000000000001) so no float rounding reaches the price.
 */
export function oddsFromDecimal(decimal: number): number {
  const value = thousandths(String(decimal));
  if (value === undefined) throw new RangeError(`not a price: ${decimal}`);
  return value;
}

/** Integer odds × 1000 to the decimal text providers send, e.g. 1850 → "1.85". */
export function oddsToDecimalText(odds: number): string {
  const whole = Math.floor(odds / ODDS_SCALE);
  const frac = String(odds % ODDS_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return frac === "" ? `${whole}` : `${whole}.${frac}`;
}

/** The sport id embedded in routing keys and the event id of a URN (`sr:match:12` → 12). */
export function urnId(urn: string): number {
  const n = Number(urn.slice(urn.lastIndexOf(":") + 1));
  return Number.isFinite(n) ? n : 0;
}
