import { createFrameEncoder } from "../adapters.js";
import { LANGUAGE_TEXTS } from "../descriptions/market-texts.js";
import { MARKETS } from "../markets.js";
import type { FeedEvent } from "../model.js";
import { UOF_EXCHANGE, type UofProvider } from "../provider/environments.js";
import { createSimulator } from "../sim/simulator.js";
import { type RecoveryRequest, type StandInProducer, startStandInApi } from "./api.js";
import { createProviderBroker } from "./broker.js";

/** Each provider's producers as its API lists them (ids as the simulator speaks them). */
const PRODUCERS: Record<UofProvider, StandInProducer[]> = {
  betradar: [
    {
      id: 1,
      name: "LO",
      description: "Live Odds",
      path: "liveodds",
      scope: "live",
      recoveryWindowMinutes: 4320,
    },
    {
      id: 3,
      name: "Ctrl",
      description: "Betradar Ctrl",
      path: "pre",
      scope: "prematch",
      recoveryWindowMinutes: 4320,
    },
  ],
  oddin: [
    {
      id: 1,
      name: "pre",
      description: "Prematch",
      path: "pre",
      scope: "prematch",
      recoveryWindowMinutes: 4320,
    },
    {
      id: 2,
      name: "live",
      description: "Live",
      path: "liveodds",
      scope: "live",
      recoveryWindowMinutes: 4320,
    },
  ],
};

type Fixture = Extract<FeedEvent, { kind: "fixture" }>;

const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The canonical market catalogue as UOF's `market_descriptions` document, worded in one language. */
function marketsDocument(language: string): string {
  const texts = LANGUAGE_TEXTS[language]?.templates ?? {};
  const word = (t: string) => xmlText(texts[t] ?? t);
  const markets = [...MARKETS.values()]
    .map((m) => {
      const outcomes = Object.entries(m.outcomes)
        .map(([id, name]) => `<outcome id="${id}" name="${word(name)}"/>`)
        .join("");
      return `<market id="${m.id}" name="${word(m.name)}" groups="${m.groups.join("|")}"><outcomes>${outcomes}</outcomes></market>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<market_descriptions response_code="OK">${markets}</market_descriptions>`;
}

export interface StandInProviderOptions {
  provider: UofProvider;
  /** The broker's administrator (`TEST_AMQP_URL`), who creates the provider's virtual host. */
  adminUrl: string;
  seed: string;
  matches: number;
  startTime: number;
  /** Answer recovery requests at once (default); off, `answerRecoveries` answers those waiting. */
  autoAnswer?: boolean;
}

/**
 * A UOF provider on this machine, for tests and the demo, driven by the simulator: its messages are
 * published on the provider's exchange in a virtual host of its own (`broker.ts`), its fixtures,
 * producers and market descriptions are served by the REST API (`api.ts`), and a recovery request is
 * answered as a provider does, with the producer's current odds and `snapshot_complete` carrying
 * the request id, routed to the requesting node (one event's odds alone for a single-event
 * recovery, without a snapshot end). Fixtures are served, never published: a client
 * must fetch them. Nothing here is the sportsbook's own code path; it is the other side of the wire.
 */
export async function startStandInProvider(options: StandInProviderOptions) {
  const { provider } = options;
  const sim = createSimulator({
    seed: options.seed,
    matches: options.matches,
    startTime: options.startTime,
    outages: false,
  });
  const encoder = createFrameEncoder();
  const fixtures = new Map<string, Fixture>();
  const waiting: RecoveryRequest[] = [];
  const recoveries: RecoveryRequest[] = [];
  const eventRecoveries: { producer: number; urn: string; requestId: number; nodeId?: number }[] = [];
  /** Producers whose alive messages are not sent (a producer gone quiet). */
  const silenced = new Set<number>();
  let autoAnswer = options.autoAnswer ?? true;
  let published = 0;
  let sending: Promise<void> = Promise.resolve();

  const broker = await createProviderBroker({ adminUrl: options.adminUrl, exchange: UOF_EXCHANGE[provider] });

  function translated(f: Fixture, language: string): Fixture {
    const names = sim.descriptions.names;
    const say = (urn: string, name: string) => names(urn)?.[language] ?? name;
    const x = f.fixture;
    return {
      ...f,
      fixture: {
        ...x,
        ...(x.name !== undefined ? { name: say(f.eventUrn, x.name) } : {}),
        sport: { ...x.sport, name: say(x.sport.urn, x.sport.name) },
        category: { ...x.category, name: say(x.category.urn, x.category.name) },
        tournament: { ...x.tournament, name: say(x.tournament.urn, x.tournament.name) },
        competitors: x.competitors.map((c) => ({ ...c, name: say(c.urn, c.name) })),
      },
    };
  }

  async function publishAll(list: { event: FeedEvent; sportId: number; live: boolean }[], node?: number) {
    for (const m of list) {
      if (m.event.provider !== provider) continue;
      if (m.event.kind === "fixture") {
        fixtures.set(m.event.eventUrn, m.event);
        continue;
      }
      if (m.event.kind === "alive" && silenced.has(m.event.producer)) continue;
      const f = encoder.encode(m.event, m);
      if (!f) continue;
      const key =
        node === undefined ? f.routingKey : `${f.routingKey.slice(0, f.routingKey.lastIndexOf("."))}.${node}`;
      await broker.publish(key, f.body);
      published++;
    }
  }

  function answer(r: RecoveryRequest): Promise<void> {
    sending = sending.then(() =>
      publishAll(sim.recoverySnapshot(provider, r.producer, r.requestId), r.nodeId),
    );
    return sending;
  }

  /** One event's current odds, carrying the request id, routed to the node that asked; no snapshot end. */
  function answerEvent(r: {
    producer: number;
    urn: string;
    requestId: number;
    nodeId?: number;
  }): Promise<void> {
    sending = sending.then(() =>
      publishAll(
        sim
          .recoverySnapshot(provider, r.producer, r.requestId)
          .filter((m) => m.event.kind === "odds_change" && m.event.eventUrn === r.urn),
        r.nodeId,
      ),
    );
    return sending;
  }

  const api = await startStandInApi({
    token: broker.token,
    bookmakerId: 30_000 + Math.floor(Math.random() * 1000),
    virtualHost: broker.virtualHost,
    producers: PRODUCERS[provider],
    fixture: (urn, language) => {
      const f = fixtures.get(urn);
      if (!f) return undefined;
      return encoder.encode(language === "en" ? f : translated(f, language), { sportId: 0, live: false })
        ?.body;
    },
    markets: marketsDocument,
    onRecovery(r) {
      recoveries.push(r);
      if (autoAnswer) void answer(r);
      else waiting.push(r);
    },
    onEventRecovery(r) {
      eventRecoveries.push(r);
      void answerEvent(r);
    },
  });

  return {
    provider,
    token: broker.token,
    virtualHost: broker.virtualHost,
    /** A private endpoint's settings: the broker (with the token's sign-in) and the API. */
    endpoints: { amqpUrl: broker.amqpUrl, apiUrl: api.apiUrl },
    api,
    broker,
    recoveries,
    eventRecoveries,
    simulator: sim,
    /** Plays the simulator up to `time` and publishes what fell due. */
    advanceTo(time: number): Promise<void> {
      sending = sending.then(() => publishAll(sim.advanceTo(time)));
      return sending;
    },
    /** Publishes one message as the provider would (a test's own odd message). */
    publish: (routingKey: string, body: string) => broker.publish(routingKey, body),
    silence(producer: number, quiet = true): void {
      if (quiet) silenced.add(producer);
      else silenced.delete(producer);
    },
    /** Answers every recovery request held while `autoAnswer` was off. */
    async answerRecoveries(): Promise<void> {
      for (const r of waiting.splice(0, waiting.length)) await answer(r);
    },
    setAutoAnswer(on: boolean): void {
      autoAnswer = on;
    },
    published: () => published,
    async stop(): Promise<void> {
      // the API first: a request it is still answering queues its answer before the wait below
      await api.close();
      // a publication that failed has failed its own caller already; stopping only waits for it
      await sending.catch(() => {});
      await broker.remove();
    },
  };
}

export type StandInProvider = Awaited<ReturnType<typeof startStandInProvider>>;
