import type { PublishFailure, RealtimePublisher } from "@sportsbook/contracts";
import type { DatabaseHandle } from "@sportsbook/db";
import type { DatabaseTarget } from "@sportsbook/db/testing";
import type { LightMyRequestResponse } from "fastify";
import {
  type Api,
  createApi,
  type GameProvider,
  type PushSender,
  pushingPublisher,
} from "../../src/index.js";
import { createPlayerWithSession, type NewPlayer } from "../../src/player/provisioning.js";
import { type CatalogueFixture, seedCatalogue } from "./catalogue-fixture.js";

export const TEST_SECRET = "a-test-secret-of-at-least-32-bytes!!";

/** Records publications so tests can assert what players would see; `broker.down` refuses them. */
export function recordingPublisher() {
  const events: { channel: string; data: unknown }[] = [];
  const broker = { down: false };
  const publisher: RealtimePublisher = {
    async publish(channel, data) {
      if (broker.down) throw new Error("broker unreachable");
      events.push({ channel, data });
    },
  };
  return { events, publisher, broker };
}

export interface Harness {
  api: Api;
  handle: DatabaseHandle;
  fixture: CatalogueFixture;
  events: { channel: string; data: unknown }[];
  /** Set `down` to make every publication fail. */
  broker: { down: boolean };
  /** What `onPublishFailure` was told. */
  publishFailures: PublishFailure[];
  clock: { now: Date };
  /** Hook run instead of the live-bet delay. */
  onSleep: { fn: (ms: number) => Promise<void> };
  /** The next draws `roll` gives (then 0): lootbox keys are drawn from these. */
  rolls: number[];
  close(): Promise<void>;
}

/** A migrated database with the catalogue fixture and an API over it. */
export async function startHarness(
  target: DatabaseTarget,
  label: string,
  options: {
    liveBetDelayMs?: number;
    games?: GameProvider[];
    /** Web Push over the harness's database; the publisher then pushes the notifications it carries. */
    push?: (handle: DatabaseHandle) => PushSender;
  } = {},
): Promise<Harness> {
  const handle = await target.open(label);
  const clock = { now: new Date("2026-06-01T12:00:00Z") };
  const fixture = await seedCatalogue(handle.db, clock.now);
  const recording = recordingPublisher();
  const { events, broker } = recording;
  const push = options.push?.(handle);
  const publisher = push ? pushingPublisher(recording.publisher, push) : recording.publisher;
  const publishFailures: PublishFailure[] = [];
  const onSleep = { fn: async (_ms: number) => {} };
  const rolls: number[] = [];
  const api = await createApi({
    database: handle,
    publisher,
    realtimeTokenSecret: TEST_SECRET,
    demo: true,
    now: () => clock.now,
    sleep: (ms) => onSleep.fn(ms),
    roll: () => rolls.shift() ?? 0,
    liveBetDelayMs: options.liveBetDelayMs ?? 0,
    onPublishFailure: (failure) => publishFailures.push(failure),
    ...(options.games ? { games: options.games } : {}),
    ...(push ? { push } : {}),
  });
  return {
    api,
    handle,
    fixture,
    events,
    broker,
    publishFailures,
    clock,
    onSleep,
    rolls,
    async close() {
      await api.stop();
      await handle.close();
    },
  };
}

export interface Player {
  playerId: number;
  headers: Record<string, string>;
}

/** A signed-in player: cookie and CSRF header ready to send. */
export async function player(h: Harness, input: NewPlayer = {}): Promise<Player> {
  const p = await createPlayerWithSession(h.api.ctx, { balance: 100_00, ...input });
  return {
    playerId: p.playerId,
    headers: { cookie: `sb_session=${p.sessionToken}`, "x-csrf-token": p.csrfToken },
  };
}

/** Parses a JSON answer. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

export type ErrorJson = {
  code: number;
  error: string;
  data: {
    key: string;
    localized_message: string;
    details?: { field: string; message: string }[];
    errors_by_bet?: Record<
      string,
      { code: number; reason?: string; selections?: { outcome_id: string; odds: number | null }[] }
    >;
    is_wrong_odds?: boolean;
    extra?: Record<string, unknown>;
  };
};
