import type { LinkStatus, PublishFailure, RealtimePublisher } from "@sportsbook/contracts";
import type { DatabaseHandle } from "@sportsbook/db";
import type { FastifyBaseLogger } from "fastify";
import type { Registry } from "prom-client";
import type { GameProvider } from "./games/provider.js";
import type { IdentityOptions } from "./identity/settings.js";
import type { CheckoutProvider } from "./payments/provider.js";
import type { PushSender } from "./push/sender.js";

export interface ApiConfig {
  /** The opened (and migrated) database. */
  database: DatabaseHandle;
  /** Where placed bets and balance changes go; the gateway's broker once it is wired. */
  publisher?: RealtimePublisher;
  /** Web Push of the player's notifications; without it the push routes answer 404. */
  push?: PushSender;
  /** HS256 secret shared with the realtime gateway for connection and subscription tokens (≥ 32 bytes). */
  realtimeTokenSecret: string;
  /** Lifetime of realtime tokens, seconds (default 600). */
  realtimeTokenTtlSeconds?: number;
  /** Lifetime of a player session, seconds (default 30 days). */
  sessionTtlSeconds?: number;
  /** Lifetime of a back-office staff session, seconds (default 8 hours: a working day, not a month). */
  staffSessionTtlSeconds?: number;
  /** Balance adjustments by staff larger than this (minor units, either sign) wait for a second member's approval (default 100 00). */
  adjustmentApprovalMinor?: number;
  /** Wait before accepting a bet with live selections, after which odds and status are checked again (default 0). */
  liveBetDelayMs?: number;
  /** Largest payout of one bet in major units of its currency (default 100 000). */
  maxPayoutMajor?: number;
  /** Margin of bet-builder prices (0.05 = 5 %), as the feed's own prices carry. */
  builderMargin?: number;
  /** Embedded demo mode: the demo sign-in route and the demo payment provider. */
  demo?: boolean;
  /** Address of the demo player the demo sign-in signs in (default `demo@sportsbook.local`). */
  demoEmail?: string;
  /**
   * Standalone app only: the proxies whose `X-Forwarded-*` is believed (client address, TLS for Secure
   * cookies), as addresses/CIDRs; never every sender.
   */
  trustProxy?: string[];
  /** Serve the API reference `/docs` and `/openapi.json` (default on; a production node turns it off). */
  apiDocs?: boolean;
  /** Session cookies that work inside a host platform's frame on another site (`SameSite=None; Secure; Partitioned`). */
  frameCookies?: boolean;
  /**
   * Lanes of the placement's group commit, each with one transaction in flight (default 4 on
   * PostgreSQL, 1 on PGlite, which runs one statement at a time); must divide the house shards (128).
   */
  placementLanes?: number;
  /** Logger for a standalone app; ignored when the routes are registered into another app. */
  logger?: FastifyBaseLogger | false;
  /** Metrics registry; a fresh one when absent. */
  metrics?: Registry;
  /** Told of every realtime publication that failed after its cause committed (already counted). */
  onPublishFailure?: (failure: PublishFailure) => void;
  /** Injected clock and sleep so tests control time. */
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** A uniform whole number in [0, n): lootbox draws. Cryptographic unless a test fixes it. */
  roll?: (n: number) => number;
  /** Deposits through a hosted checkout; without a provider, deposits answer `paymentsUnavailable`. */
  payments?: { provider?: CheckoutProvider; checkoutTtlSeconds?: number };
  /** Providers of the additional products (SPEC §3 additional_providers), by their names. */
  games?: GameProvider[];
  /** Key (≥ 32 characters) of the operator's calls under `/operator`, sent as `X-Operator-Key`; none turns them off. */
  operatorKey?: string;
  /** Languages of the public realtime channels (`public:{lang}`) the API's catalogue-wide events go to (default `en`). */
  publicLocales?: string[];
  /** Accounts, mail and responsible gambling: sign-in rules, country blocking, SMTP, limits. */
  identity?: IdentityOptions;
  /**
   * How fresh the odds feed is as this node reads it (every node, whoever runs the feed): live
   * selections of a provider whose producer went silent are refused as suspended, and `/ready`
   * reports it. Without it nothing is refused for the feed's silence.
   */
  feed?: FeedFreshnessPort;
  /** What the feed did lately while this node runs it (the back office's feed health); none elsewhere. */
  feedActivity?: () => FeedActivityPort | undefined;
  /**
   * Connections to the outside composed beside the API (the feed's broker, the realtime Redis),
   * by name: `/ready` says which is down and why.
   */
  links?: () => Record<string, LinkStatus>;
  /**
   * Whether this node is shutting down: `/ready` then answers 503 `draining` first, so the load
   * balancer stops sending new requests while the ones under way finish.
   */
  draining?: () => boolean;
  /**
   * The site settings file, watched: a change of it is published as a new version of the site's
   * content (`SITE_SETTINGS_WATCH`). Without it the file is only the first start's import.
   */
  siteSettingsWatch?: { path: string; onError: (err: Error) => void };
}

/** The odds feed's freshness, as placement and readiness read it (the feed's monitor answers). */
export interface FeedFreshnessPort {
  /** Whether a provider's prices are stale now: its live producer's when `live`, its prematch one's otherwise. */
  isStale(provider: string, live: boolean): boolean;
  report(): FeedReport;
}

/** What the feed running on this node did lately (the feed's health board answers). */
export interface FeedActivityPort {
  activity(): {
    producers: {
      provider: string;
      producer: number;
      messagesPerMinute: number;
      lastLagMs: number | null;
      recovering: boolean;
    }[];
    refusals: { provider: string; code: string; at: number; total: number }[];
  };
}

/** Who leads the feed and each producer's freshness, as this node last read them. */
export interface FeedReport {
  leader: string | null;
  readAt: number | null;
  producers: {
    provider: string;
    producer: number;
    kind: "live" | "prematch";
    status: "up" | "down";
    lastMessageAt: number | null;
    lastAliveAt: number | null;
    silenceMs: number | null;
    thresholdMs: number;
    stale: boolean;
  }[];
}

/** The demo player's address unless the operator names another. */
export const DEMO_EMAIL = "demo@sportsbook.local";
