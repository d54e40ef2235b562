import { hostname } from "node:os";
import { join } from "node:path";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import {
  createApi,
  createHousekeeping,
  createPushSender,
  createSandboxCheckout,
  createSandboxGames,
  ensureDemoAdmin,
  ensureDemoPlayer,
  mailDispatcher,
  pushingPublisher,
  sandboxBroadcastPages,
  seedSiteSettings,
} from "@sportsbook/api";
import type { RealtimePublisher } from "@sportsbook/contracts";
import { openDatabase } from "@sportsbook/db";
import {
  createFeed,
  createFeedHealth,
  createFeedHealthBoard,
  createFeedLeadership,
  createFreshnessMonitor,
  createProviderFeed,
  createSwarmFeed,
  type Feed,
  type FeedLeadership,
  type FreshnessMonitor,
  SANDBOX_CHANNEL,
} from "@sportsbook/feed";
import { createGateway } from "@sportsbook/gateway";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { bonusSeedFile, seedBonusFile } from "./bonus-seed.js";
import { closingClientErrorHandler } from "./client-errors.js";
import {
  apiDocsOn,
  devConveniences,
  identityOptions,
  productionWarnings,
  type ServerConfig,
  staleThresholds,
  vapidSubject,
} from "./config.js";
import { providerFeedSettings, swarmFeedSettings } from "./feed-provider.js";
import { hostDemoRunner } from "./host-demo.js";
import { registerHostSdk } from "./host-sdk.js";
import { exclusiveJob, HOUSEKEEPING_LOCK, MAIL_DELIVERY_LOCK } from "./jobs.js";
import { loggerOptions } from "./logging.js";
import { publishFailureLog } from "./publish-failures.js";
import { apiRpcHandlers } from "./rpc.js";
import {
  dataDirCallbackSecret,
  dataDirDemoPassword,
  dataDirTokenSecret,
  dataDirVapidKeys,
} from "./secrets.js";
import { registerSecurityHeaders } from "./security-headers.js";
import { mountWeb, type Web } from "./web.js";

/** Where the simulated provider's broadcast pages are served. */
const SANDBOX_TV_PATH = "/sandbox-tv";

export interface Server {
  app: FastifyInstance;
  /** The realtime gateway's publisher: services composed here publish through it. */
  publisher: RealtimePublisher;
  /** Sign-in of the demo player, when start-up ensured one (embedded default). */
  demoPlayer?: { email: string; password: string };
  /** Sign-in of the demo back-office admin, when start-up ensured one (embedded default). */
  demoAdmin?: { email: string; password: string; otpauthUri: string };
  /** Whether the development mailbox page is served. */
  devMailbox: boolean;
  /** The host demo's address once started, when it runs. */
  hostDemoUrl(): string | undefined;
  /** The feed's freshness as this node reads it (every node). */
  feedFreshness: FreshnessMonitor;
  /** Whether the node is shutting down: readiness answers 503 while requests under way finish. */
  draining(): boolean;
  /** This node's campaign for the feed's lead, when it is configured to run the feed. */
  feedLeadership: FeedLeadership | undefined;
  /** The feed this node runs while it leads. */
  feed(): Feed | undefined;
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Composes every part of the sportsbook behind one origin: pages, `/api` and `/connection/websocket`. */
export async function createServer(
  config: ServerConfig,
  deps: { logStream?: NodeJS.WritableStream } = {},
): Promise<Server> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    trustProxy: config.TRUST_PROXY,
    clientErrorHandler: closingClientErrorHandler,
  });
  registerSecurityHeaders(app);
  const conveniences = devConveniences(config);
  for (const warning of productionWarnings(config)) app.log.warn(warning);

  // br or gzip for every answer Fastify writes (pages compress inside Next). Brotli at quality 4:
  // answers are made per request, and the top quality costs far more CPU than the bytes it saves.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.get("/api/health", async () => ({ status: "ok" }));
  // Set first when the node stops: the load balancer reads readiness 503 and sends nothing new.
  let draining = false;

  // Realtime: the gateway takes WebSocket upgrades on /connection/websocket of this origin, and its
  // publisher is the one every service composed here publishes through (Redis fans out when set).
  const tokenSecret = config.REALTIME_TOKEN_SECRET ?? dataDirTokenSecret(config.DATA_DIR);
  if (!config.REALTIME_TOKEN_SECRET && config.DATABASE_URL) {
    app.log.warn("REALTIME_TOKEN_SECRET is not set: this node uses its own secret from DATA_DIR");
  }
  const gateway = createGateway({
    tokenSecret,
    redisUrl: config.REDIS_URL,
    ...(config.REDIS_PREFIX ? { redisPrefix: config.REDIS_PREFIX } : {}),
    rpc: apiRpcHandlers(app),
    onError: (err) => app.log.error({ err }, "realtime gateway error"),
    // told once per outage and once when it ends; the node serves on meanwhile
    onLinkChange: (s) => {
      if (s.state === "up") app.log.info("the realtime Redis is reachable again");
      else if (s.refused) app.log.error({ cause: s.cause }, `the realtime Redis refused: ${s.cause}`);
      else app.log.warn({ cause: s.cause }, `the realtime Redis is out of reach, retrying: ${s.cause}`);
    },
  });
  app.server.on("upgrade", (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  // Its fallback transports (HTTP streaming, SSE) and their command posts read the request unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handOver = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      gateway.handleHttp(request.raw, reply.raw);
    };
    scope.post("/connection/http_stream", handOver);
    scope.get("/connection/sse", handOver);
    scope.post("/connection/emulation", handOver);
  });

  // Database: PGlite in DATA_DIR unless DATABASE_URL names PostgreSQL; migrations run before anything uses it.
  app.log.info(
    config.DATABASE_URL
      ? "opening PostgreSQL and applying migrations"
      : "opening the embedded database and applying migrations",
  );
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, "pglite"),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  app.log.info({ database: database.kind }, "database ready");

  // Web Push of the notifications players opt in to, sent from whichever node caused them. Every
  // service composed here publishes through `publisher`, which also pushes the notifications it carries.
  const push = createPushSender({
    db: database.db,
    settings: {
      vapid: {
        ...(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
          ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
          : dataDirVapidKeys(config.DATA_DIR)),
        subject: vapidSubject(config),
      },
      loopbackHttp: config.PUSH_LOOPBACK_HTTP === "on",
    },
    registry: gateway.metrics.registry,
    log: app.log.child({ part: "web-push" }),
  });
  if (!config.VAPID_PUBLIC_KEY && config.DATABASE_URL) {
    app.log.warn("VAPID_PUBLIC_KEY is not set: this node uses its own key pair from DATA_DIR");
  }
  const publisher: RealtimePublisher = pushingPublisher(gateway.publisher, push);

  // The embedded default's payment provider: a hosted checkout under /psp that reports to the API's
  // callback route over HTTP (in-process), signed as an outside provider's callbacks are.
  const sandbox = conveniences.sandboxPayments
    ? createSandboxCheckout({
        callbackSecret: config.PAYMENT_CALLBACK_SECRET ?? dataDirCallbackSecret(config.DATA_DIR),
        pathPrefix: "/psp",
        log: app.log.child({ part: "sandbox-checkout" }),
        deliver: async (body, signature) =>
          (
            await app.inject({
              method: "POST",
              url: "/api/payments/callbacks/sandbox",
              headers: { "content-type": "application/json", "psp-signature": signature },
              payload: body,
            })
          ).statusCode,
      })
    : undefined;
  if (sandbox) await app.register(sandbox.pages, { prefix: "/psp" });
  // The embedded default's game provider of the additional products, under /sandbox-games.
  const games = conveniences.sandboxGames ? createSandboxGames({ pathPrefix: "/sandbox-games" }) : undefined;
  if (games) await app.register(games.pages, { prefix: "/sandbox-games" });

  const hostDemo = conveniences.hostDemo ? hostDemoRunner(config) : undefined;
  const operatorKey = hostDemo?.operatorKey ?? config.OPERATOR_API_KEY;
  let hostDemoUrl: string | undefined;

  // Every node reads the feed's freshness, whoever runs the feed: placement refuses stale live
  // prices, and whichever node first sees a producer silent past its threshold takes it down.
  const nodeName = config.NODE_NAME ?? `${hostname()}-${process.pid}`;
  const publicLocales = config.FEED_PUBLIC_LOCALES.split(",");
  const feedFreshness = createFreshnessMonitor({
    database,
    publisher,
    thresholds: staleThresholds(config),
    locales: publicLocales,
    log: app.log.child({ part: "feed-freshness" }),
    metrics: gateway.metrics.registry,
    node: nodeName,
  });

  // Sportsbook and Platform API under /api.
  // while Redis is down every publication fails: told once, counted always
  const publicationFailed = publishFailureLog(app.log, () => gateway.link());
  // The site's content lives in the database; the settings file is the first start's import.
  const siteSettingsFile = config.SITE_SETTINGS_FILE ?? join(config.DATA_DIR, "site-settings.json");
  const api = await createApi({
    ...(config.SITE_SETTINGS_WATCH === "on"
      ? {
          siteSettingsWatch: {
            path: siteSettingsFile,
            onError: (err: Error) =>
              app.log.error({ err }, "site settings file refused; the published version stays"),
          },
        }
      : {}),
    feed: feedFreshness,
    // the feed's activity is known only on the node running it, while it leads
    feedActivity: () => (feed ? feedHealth : undefined),
    database,
    publisher,
    push,
    realtimeTokenSecret: tokenSecret,
    liveBetDelayMs: config.LIVE_BET_DELAY_MS,
    ...(config.PLACEMENT_LANES ? { placementLanes: config.PLACEMENT_LANES } : {}),
    demo: conveniences.demoMode,
    demoEmail: config.DEMO_PLAYER_EMAIL,
    identity: identityOptions(config),
    payments: {
      ...(sandbox ? { provider: sandbox.provider } : {}),
      checkoutTtlSeconds: config.CHECKOUT_TTL_MINUTES * 60,
    },
    ...(operatorKey ? { operatorKey } : {}),
    ...(games ? { games: [games.provider] } : {}),
    adjustmentApprovalMinor: config.ADJUSTMENT_APPROVAL_MINOR,
    frameCookies: config.FRAME_COOKIES === "on",
    apiDocs: apiDocsOn(config),
    publicLocales: config.FEED_PUBLIC_LOCALES.split(","),
    // One registry: /api/metrics also reports the realtime gateway's connections and messages.
    metrics: gateway.metrics.registry,
    onPublishFailure: publicationFailed,
    draining: () => draining,
    // the feed is composed below; /ready is answered once the server listens
    links: () => {
      const redis = gateway.link();
      return {
        ...(feed ? { feed: feed.link(), ...feed.recoveryLinks() } : {}),
        ...(redis ? { redis } : {}),
        ...mail.links(),
      };
    },
  });
  await app.register(api.plugin, { prefix: "/api" });
  // A broken or missing named file stops the start here rather than leaving the site on defaults.
  const seeded = await seedSiteSettings(api.ctx, siteSettingsFile, config.SITE_SETTINGS_FILE !== undefined);
  if (seeded) app.log.info({ file: siteSettingsFile, version: seeded }, "site settings imported");
  const bonusFile = bonusSeedFile(config, conveniences.demoMode);
  if (bonusFile) {
    const count = await seedBonusFile(api.ctx, bonusFile);
    app.log.info({ file: bonusFile, count }, "bonus definitions written");
  }
  // The embedded default's demo player: credentials printed at start-up, balance funded once.
  let demoPlayer: Server["demoPlayer"];
  if (conveniences.demoPlayer) {
    const password = config.DEMO_PLAYER_PASSWORD ?? dataDirDemoPassword(config.DATA_DIR);
    const demo = await ensureDemoPlayer(api.ctx, { email: config.DEMO_PLAYER_EMAIL, password });
    app.log.info(
      { playerId: demo.playerId, created: demo.created, funded: demo.funded },
      "demo player ready",
    );
    demoPlayer = { email: demo.email, password };
  }
  // The embedded default's demo admin of the back office; production never has one.
  let demoAdmin: Server["demoAdmin"];
  if (conveniences.demoAdmin) {
    const password =
      config.DEMO_ADMIN_PASSWORD ?? dataDirDemoPassword(config.DATA_DIR, "demo-admin-password");
    const admin = await ensureDemoAdmin(api.ctx, { password });
    app.log.info({ created: admin.created }, "demo admin ready");
    demoAdmin = { email: admin.email, password, otpauthUri: admin.otpauthUri };
  }
  // Account e-mails wait in the outbox; with SMTP_URL they are delivered (and retried) from here.
  const mail = mailDispatcher(api.ctx);
  // Several nodes may run the jobs; each pass takes a cluster-wide lock, so none runs twice at once.
  const jobsEnabled = config.JOBS_ENABLED === "on";
  mail.runExclusively(exclusiveJob(database, MAIL_DELIVERY_LOCK, nodeName));
  mail.onRunFailure((err) => app.log.warn({ err }, "mail delivery run failed"));
  // told once when a way out stops taking messages and once when it takes them again
  mail.onChannelChange((channel, s) => {
    if (s.state === "up") app.log.info({ channel }, `${channel} delivery works again`);
    else if (s.refused) app.log.error({ channel, cause: s.cause }, `${channel} delivery refused: ${s.cause}`);
    else app.log.warn({ channel, cause: s.cause }, `${channel} delivery failing, retrying: ${s.cause}`);
  });
  // Prunes old rate-limit attempts, dead tokens, ended sessions and old activity ticks.
  const housekeeping = createHousekeeping(api.ctx, {
    onError: (err) => app.log.warn({ err }, "housekeeping pass failed"),
    exclusive: exclusiveJob(database, HOUSEKEEPING_LOCK, nodeName),
  });

  // Odds feed: the simulator speaks the providers' formats into the ingest (over RabbitMQ with
  // AMQP_URL), which writes the catalogue and odds, settles bets and publishes realtime events.
  // A third of its matches are "broadcast" on its channel, a page under /sandbox-tv that the match
  // page's stream tab frames as it would an outside stream.
  const feedEnabled = ["on", "true", "1"].includes(config.FEED_ENABLED);
  if (feedEnabled)
    await app.register(sandboxBroadcastPages(api.ctx, SANDBOX_CHANNEL), { prefix: SANDBOX_TV_PATH });
  // Every node configured for the feed campaigns for its lead; the leader runs the simulator and the
  // ingest (over RabbitMQ with AMQP_URL), a fresh feed each term resuming from the checkpoint.
  const feedLog = app.log.child({ part: "feed" });
  const feedPublicationFailed = publishFailureLog(feedLog, () => gateway.link());
  // the board keeps what the back office's feed health page shows beside the counters
  const feedHealth = feedEnabled
    ? createFeedHealthBoard({
        inner: createFeedHealth(gateway.metrics.registry),
        registry: gateway.metrics.registry,
      })
    : undefined;
  let feed: Feed | undefined;
  // FEED_PROVIDER=betradar|oddin|betconstruct reads a provider's own feed instead of the simulator
  const provider = providerFeedSettings(config);
  const swarm = swarmFeedSettings(config);
  const newFeed = (): Feed =>
    swarm
      ? createSwarmFeed({
          onPublishFailure: feedPublicationFailed,
          db: database.db,
          publisher,
          log: feedLog,
          ...(feedHealth ? { health: feedHealth } : {}),
          ...swarm,
          lanes: config.FEED_INGEST_LANES,
          locales: publicLocales,
        })
      : provider
        ? createProviderFeed({
            onPublishFailure: feedPublicationFailed,
            db: database.db,
            publisher,
            log: feedLog,
            ...(feedHealth ? { health: feedHealth } : {}),
            ...provider,
            lanes: config.FEED_INGEST_LANES,
            locales: publicLocales,
          })
        : createFeed({
            onPublishFailure: feedPublicationFailed,
            streamUrl: (urn) => `${SANDBOX_TV_PATH}/${encodeURIComponent(urn)}`,
            db: database.db,
            publisher,
            log: feedLog,
            ...(feedHealth ? { health: feedHealth } : {}),
            seed: config.FEED_SEED,
            speed: config.FEED_SPEED,
            matches: config.FEED_MATCHES,
            margin: config.FEED_MARGIN,
            lanes: config.FEED_INGEST_LANES,
            ...(config.AMQP_URL ? { amqpUrl: config.AMQP_URL } : {}),
            ...(config.FEED_RECORD ? { recordTo: config.FEED_RECORD } : {}),
            locales: publicLocales,
          });
  const feedLeadership: FeedLeadership | undefined = feedEnabled
    ? createFeedLeadership({
        database,
        node: nodeName,
        log: feedLog,
        metrics: gateway.metrics.registry,
        pollMs: config.FEED_LEADER_POLL_MS,
        async lead() {
          app.log.info("starting the odds feed");
          feed = newFeed();
          await feed.start();
        },
        async stepDown() {
          const ending = feed;
          feed = undefined;
          await ending?.stop();
        },
      })
    : undefined;

  // The host platforms' SDK, which their pages load from here to mount the sportsbook's frame.
  registerHostSdk(app);

  // Pages: every path no route above claims goes to Next.js (registered as the not-found handler).
  const web: Web | undefined =
    config.SERVE_PAGES === "on"
      ? mountWeb(app, {
          dataDir: config.DATA_DIR,
          publicUrl: config.PUBLIC_URL,
          contentOrigins: {
            img: config.CSP_IMG_ORIGINS,
            frame: config.CSP_FRAME_ORIGINS,
            connect: config.CSP_CONNECT_ORIGINS,
          },
        })
      : undefined;

  // Without pages, other paths answer a plain 404; Fastify's own handler would log the whole URL.
  if (!web) app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: "not_found" }));

  return {
    app,
    publisher,
    demoPlayer,
    demoAdmin,
    devMailbox: api.ctx.identity.devMailbox,
    hostDemoUrl: () => hostDemoUrl,
    feedFreshness,
    draining: () => draining,
    feedLeadership,
    feed: () => feed,
    async start() {
      if (web && !(await web.prepare()))
        app.log.warn("web app build missing: pages answer 503 until it is built");
      await gateway.start();
      if (jobsEnabled) mail.start();
      if (jobsEnabled && config.HOUSEKEEPING_INTERVAL_SECONDS > 0) {
        // A first pass at once, so a node restarted more often than the interval still prunes.
        housekeeping.runOnce().catch((err: unknown) => app.log.warn({ err }, "housekeeping pass failed"));
        housekeeping.start(config.HOUSEKEEPING_INTERVAL_SECONDS * 1000);
      }
      const address = await app.listen({ port: config.PORT, host: config.HOST });
      const port = app.server.address();
      if (web && port && typeof port === "object") web.setApiUrl(`http://127.0.0.1:${port.port}/api`);
      if (hostDemo && port && typeof port === "object")
        hostDemoUrl = await hostDemo.start(port.port, `http://127.0.0.1:${port.port}`);
      await feedFreshness.start();
      await feedLeadership?.start();
      return address;
    },
    async stop() {
      // Readiness turns false first; the load balancer's next checks take the node out while it
      // still answers, then the feed lets its lead go (its consumer stops acknowledging), realtime
      // clients are told to reconnect elsewhere (3001), and closing waits for requests under way.
      draining = true;
      if (config.SHUTDOWN_DRAIN_MS > 0 && app.server.listening)
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      await hostDemo?.stop();
      await feedLeadership?.stop();
      await feedFreshness.stop();
      await gateway.stop();
      await mail.stop();
      await housekeeping.stop();
      await app.close();
      // pushes under way read the database: let them finish before it closes
      await push.idle();
      await database.close();
      await web?.close();
    },
  };
}
