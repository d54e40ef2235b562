import { randomInt } from "node:crypto";
import {
  nullPublisher,
  type PublishFailure,
  type RealtimePublisher,
  type tournamentPoolChangedSchema,
} from "@sportsbook/contracts";
import type { LinkStatus } from "@sportsbook/contracts/link";
import { publishAfterCommit } from "@sportsbook/contracts/publisher";
import { publicChannel } from "@sportsbook/contracts/realtime";
import { type Database, type DatabaseHandle, HOUSE_SHARDS } from "@sportsbook/db";
import { Registry } from "prom-client";
import type { z } from "zod";
import type { GroupLanes } from "./bets/group-commit.js";
import { PlacementMemory } from "./bets/placement-memory.js";
import { type BetWrite, type BetWriteOutcome, betGroupLanes, betGroupWrite } from "./bets/write.js";
import { runningAmbsRead } from "./bonuses/running-ambs.js";
import { type ApiConfig, DEMO_EMAIL, type FeedActivityPort, type FeedFreshnessPort } from "./config.js";
import { type PublishedSettings, readPublished, SITE_CONTENT_TTL_MS } from "./content/published.js";
import type { GameProvider } from "./games/provider.js";
import { type IdentitySettings, identitySettings } from "./identity/settings.js";
import { PoolAnnouncer } from "./jackpots/pool-announcer.js";
import { RunningJackpots } from "./jackpots/running.js";
import { createMetrics, type Metrics } from "./ops/metrics.js";
import { TtlRead } from "./ops/ttl-read.js";
import { type CheckoutProvider, DEFAULT_CHECKOUT_TTL_SECONDS } from "./payments/provider.js";
import type { PushSender } from "./push/sender.js";

/** Every dependency of the routes, handed around explicitly: no module globals. */
export interface AppContext {
  db: Database;
  database: DatabaseHandle;
  publisher: RealtimePublisher;
  metrics: Metrics;
  /** Counts a publication that failed after its cause committed, then tells `onPublishFailure`. */
  publishFailed: (failure: PublishFailure) => void;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** A uniform whole number in [0, n). */
  roll: (n: number) => number;
  settings: {
    realtimeTokenSecret: Uint8Array;
    realtimeTokenTtlSeconds: number;
    sessionTtlSeconds: number;
    staffSessionTtlSeconds: number;
    /** Staff balance adjustments above this (minor units, either sign) need a second member's approval. */
    adjustmentApprovalMinor: number;
    liveBetDelayMs: number;
    maxPayoutMajor: number;
    builderMargin: number;
    demo: boolean;
    demoEmail: string;
    frameCookies: boolean;
    /** Whether `/docs` and `/openapi.json` are served. */
    apiDocs: boolean;
    /** Languages of the public realtime channels catalogue-wide events go to. */
    publicLocales: string[];
  };
  /** The jackpots bets play for now. */
  jackpots: RunningJackpots;
  /** Each jackpot's pool, told on the public channels at most once a second. */
  pools: PoolAnnouncer<z.output<typeof tournamentPoolChangedSchema>>;
  /** Whether a freebet amb runs, so placements count bets for it. */
  runningAmbs: TtlRead<boolean>;
  /** Ids of house accounts by `kind:currency`, filled on first use. */
  houseAccounts: Map<string, number>;
  /** Hot-path queries built once and prepared by name (see `prepared`). */
  statements: Map<string, unknown>;
  /** What recent placements read, for the next placement of the same session to confirm instead. */
  placementMemory: PlacementMemory;
  /** Lone bets written on the pool by group commit (`writeBet`). */
  betGroups: Pick<GroupLanes<BetWrite, BetWriteOutcome>, "submit">;
  identity: IdentitySettings;
  /** The odds feed's freshness on this node; none judges nothing stale. */
  feed: FeedFreshnessPort | undefined;
  /** What the feed did lately, while this node runs it. */
  feedActivity: () => FeedActivityPort | undefined;
  payments: {
    /** The hosted checkout deposits go through; none means deposits are refused as unavailable. */
    provider: CheckoutProvider | undefined;
    checkoutTtlSeconds: number;
    /** Key of the operator's calls (withdrawal review); none turns them off. */
    operatorKey: string | undefined;
  };
  /** Game providers of the additional products, by name. */
  games: ReadonlyMap<string, GameProvider>;
  /** The state of the connections to the outside that `/ready` reports (the feed's broker, Redis …). */
  links: () => Record<string, LinkStatus>;
  /** Whether this node is shutting down (`/ready` answers 503 so the load balancer looks elsewhere). */
  draining: () => boolean;
  /** Web Push of the player's notifications; none turns the push routes off. */
  push: PushSender | undefined;
  /** The published site settings, read again at most once a second (every node polls the version in force). */
  siteContent: TtlRead<PublishedSettings>;
  /** Publishes the watched settings file when it changed; none when the file is not watched. */
  syncSiteSettingsFile: (() => Promise<void>) | undefined;
}

export function createContext(config: ApiConfig): AppContext {
  if (new TextEncoder().encode(config.realtimeTokenSecret).length < 32) {
    throw new Error("realtimeTokenSecret must be at least 32 bytes");
  }
  const now = config.now ?? (() => new Date());
  const metrics = createMetrics(config.metrics ?? new Registry());
  const publisher = config.publisher ?? nullPublisher;
  const publicLocales = config.publicLocales ?? ["en"];
  const statements = new Map<string, unknown>();
  const lanes = config.placementLanes ?? (config.database.kind === "pglite" ? 1 : 4);
  if (!Number.isInteger(lanes) || lanes < 1 || HOUSE_SHARDS % lanes !== 0)
    throw new Error(`placementLanes must divide ${HOUSE_SHARDS}`);
  const publishFailed = (failure: PublishFailure) => {
    metrics.realtimePublishFailures.inc({ event: failure.event });
    config.onPublishFailure?.(failure);
  };
  const ctx: AppContext = {
    db: config.database.db,
    database: config.database,
    publisher,
    metrics,
    publishFailed,
    now,
    sleep: config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    roll: config.roll ?? ((n) => randomInt(n)),
    settings: {
      realtimeTokenSecret: new TextEncoder().encode(config.realtimeTokenSecret),
      realtimeTokenTtlSeconds: config.realtimeTokenTtlSeconds ?? 600,
      sessionTtlSeconds: config.sessionTtlSeconds ?? 30 * 24 * 3600,
      staffSessionTtlSeconds: config.staffSessionTtlSeconds ?? 8 * 3600,
      adjustmentApprovalMinor: config.adjustmentApprovalMinor ?? 100_00,
      liveBetDelayMs: config.liveBetDelayMs ?? 0,
      maxPayoutMajor: config.maxPayoutMajor ?? 100_000,
      builderMargin: config.builderMargin ?? 0.05,
      demo: config.demo ?? false,
      demoEmail: (config.demoEmail ?? DEMO_EMAIL).toLowerCase(),
      frameCookies: config.frameCookies ?? false,
      apiDocs: config.apiDocs ?? true,
      publicLocales,
    },
    jackpots: new RunningJackpots(config.database.db),
    runningAmbs: runningAmbsRead(config.database.db),
    pools: new PoolAnnouncer(async (event) => {
      for (const locale of publicLocales)
        await publishAfterCommit(publisher, publicChannel(locale), event, publishFailed);
    }),
    houseAccounts: new Map(),
    statements,
    placementMemory: new PlacementMemory(now),
    betGroups: betGroupLanes(betGroupWrite({ db: config.database.db, statements }), lanes),
    identity: identitySettings(config.identity),
    feed: config.feed,
    feedActivity: config.feedActivity ?? (() => undefined),
    payments: {
      provider: config.payments?.provider,
      checkoutTtlSeconds: config.payments?.checkoutTtlSeconds ?? DEFAULT_CHECKOUT_TTL_SECONDS,
      operatorKey: config.operatorKey,
    },
    games: new Map((config.games ?? []).map((g) => [g.name, g])),
    links: config.links ?? (() => ({})),
    draining: config.draining ?? (() => false),
    push: config.push,
    siteContent: new TtlRead(() => readPublished(config.database.db), SITE_CONTENT_TTL_MS),
    syncSiteSettingsFile: undefined,
  };
  return ctx;
}
