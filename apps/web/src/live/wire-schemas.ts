import { matchIdSchema } from "@sportsbook/contracts/http/common";
import { authorizeChannelsResponseSchema } from "@sportsbook/contracts/http/realtime-tokens";
import { settingsResponseSchema } from "@sportsbook/contracts/http/settings";
import { realtimeEventSchema } from "@sportsbook/contracts/realtime";
import { z } from "zod";

const marketSnapshot = z.object({
  id: z.number(),
  specifier: z.string(),
  status: z.number().int(),
  outcomes: z.array(z.object({ id: z.string(), odds: z.number().int(), active: z.boolean() })),
});

/** The part of a GET /matches item that live views show: status, statistics, main market. */
const matchSnapshotSchema = z.object({
  id: matchIdSchema,
  status: z.number().int(),
  statistics: z.unknown().optional(),
  main_market: marketSnapshot.nullable(),
});

/**
 * What the realtime client reads from outside, by kind: the gateway's publications, the API's
 * connection and subscription tokens, the provider statuses of `GET /settings` and the matches read
 * again after lost updates. These schemas and their library run in a worker (`wire.worker.ts`), off
 * the page's main thread; the page imports this module's types only.
 */
export const WIRE_SCHEMAS = {
  event: realtimeEventSchema,
  connectionToken: z.object({ token: z.string() }).or(z.object({ data: z.object({ token: z.string() }) })),
  channelTokens: authorizeChannelsResponseSchema,
  providerStatuses: settingsResponseSchema,
  snapshots: z.object({ data: z.array(matchSnapshotSchema) }),
};

export type WireKind = keyof typeof WIRE_SCHEMAS;
export type WireValue<K extends WireKind> = z.infer<(typeof WIRE_SCHEMAS)[K]>;
export type MatchSnapshot = z.infer<typeof matchSnapshotSchema>;

/** A value read against its kind's schema, or why it was refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A check the page asks of the worker, and the worker's answer, matched by `id`. */
export interface WireRequest {
  id: number;
  kind: WireKind;
  data: unknown;
}
export type WireAnswer = { id: number } & Checked<unknown>;

/** Reads `data` against the schema of `kind`. */
export function checkWire<K extends WireKind>(kind: K, data: unknown): Checked<WireValue<K>> {
  const parsed = WIRE_SCHEMAS[kind].safeParse(data);
  return parsed.success
    ? { ok: true, value: parsed.data as WireValue<K> }
    : { ok: false, error: parsed.error.message };
}
