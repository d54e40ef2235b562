import { z } from "zod";

/** Wire types of the Centrifuge client protocol v2 (JSON). Zero and empty fields are left out. */

export interface ClientInfo {
  user: string;
  client: string;
  conn_info?: unknown;
  chan_info?: unknown;
}

export interface Publication {
  data: unknown;
  offset?: number;
  info?: ClientInfo;
  tags?: Record<string, string>;
}

export interface StreamPosition {
  offset: number;
  epoch: string;
}

const uint = z.number().int().nonnegative();
const channel = z.string().min(1).max(255);
const json = z.unknown();

export const connectRequestSchema = z
  .object({
    token: z.string().max(8192).optional(),
    data: json.optional(),
    subs: z.record(z.string(), z.unknown()).optional(),
    name: z.string().max(64).optional(),
    version: z.string().max(64).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .loose();

export const subscribeRequestSchema = z
  .object({
    channel,
    token: z.string().max(8192).optional(),
    recover: z.boolean().optional(),
    epoch: z.string().max(64).optional(),
    offset: uint.optional(),
    data: json.optional(),
    positioned: z.boolean().optional(),
    recoverable: z.boolean().optional(),
    join_leave: z.boolean().optional(),
    delta: z.string().optional(),
    flag: z.number().int().optional(),
  })
  .loose();

export const channelRequestSchema = z.object({ channel }).loose();
export const publishRequestSchema = z.object({ channel, data: json }).loose();
export const historyRequestSchema = z
  .object({
    channel,
    limit: z.number().int().min(-1).optional(),
    since: z.object({ offset: uint.optional(), epoch: z.string().max(64).optional() }).optional(),
    reverse: z.boolean().optional(),
  })
  .loose();
export const rpcRequestSchema = z
  .object({ method: z.string().max(255).optional(), data: json.optional() })
  .loose();
export const sendRequestSchema = z.object({ data: json.optional() }).loose();
export const refreshRequestSchema = z.object({ token: z.string().min(1).max(8192) }).loose();
export const subRefreshRequestSchema = z.object({ channel, token: z.string().min(1).max(8192) }).loose();

/** The method keys a command may carry, with the schema of each one's parameters. */
export const methodSchemas = {
  connect: connectRequestSchema,
  subscribe: subscribeRequestSchema,
  unsubscribe: channelRequestSchema,
  publish: publishRequestSchema,
  presence: channelRequestSchema,
  presence_stats: channelRequestSchema,
  history: historyRequestSchema,
  rpc: rpcRequestSchema,
  send: sendRequestSchema,
  refresh: refreshRequestSchema,
  sub_refresh: subRefreshRequestSchema,
} as const;

export type Method = keyof typeof methodSchemas;
export type MethodParams<M extends Method> = z.infer<(typeof methodSchemas)[M]>;

/** The envelope of one command: an id (absent only for `send` and the pong `{}`) and one method. */
export const commandEnvelopeSchema = z.record(z.string(), z.unknown()).refine((o) => {
  const id = o.id;
  return id === undefined || (typeof id === "number" && Number.isInteger(id) && id >= 0 && id <= 0xffffffff);
});

export type ParsedCommand =
  | { kind: "pong" }
  | { kind: "method"; id: number; method: Method; params: unknown }
  | { kind: "unknown"; id: number; method: string };

/**
 * Reads one command object. Returns null for an object that is not a command at all (bad id, no
 * method or several), which the gateway answers by closing with "bad request".
 */
export function parseCommand(value: unknown): ParsedCommand | null {
  const env = commandEnvelopeSchema.safeParse(value);
  if (!env.success) return null;
  const o = env.data;
  const keys = Object.keys(o).filter((k) => k !== "id");
  const id = typeof o.id === "number" ? o.id : 0;
  if (keys.length === 0) return id === 0 ? { kind: "pong" } : null;
  if (keys.length !== 1) return null;
  const method = keys[0] as string;
  if (!Object.hasOwn(methodSchemas, method)) return { kind: "unknown", id, method };
  return { kind: "method", id, method: method as Method, params: o[method] };
}
