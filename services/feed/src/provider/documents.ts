import { z } from "zod";
import { isUofArray } from "../uof/decode.js";
import { int } from "../uof/schema.js";
import { readXml, type XmlElement } from "../uof/xml.js";

/** `GET /v1/users/whoami.xml`: who the access token belongs to and where its messages wait. */
const bookmakerDetailsSchema = z.object({
  bookmaker_details: z.object({
    bookmaker_id: int,
    virtual_host: z.string().min(1),
    expire_at: z.string().optional(),
    response_code: z.string().optional(),
  }),
});
export type BookmakerDetails = { bookmakerId: number; virtualHost: string; expireAt?: string };

const producerSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string().optional(),
  api_url: z.string().min(1),
  active: z.enum(["true", "false"]),
  scope: z.string().optional(),
  stateful_recovery_window_in_minutes: int.optional(),
});

/** `GET /v1/descriptions/producers.xml`: the producers, each with its own API base for recovery. */
const producersSchema = z.object({
  producers: z.object({ producer: z.array(producerSchema).default([]) }),
});
export interface ProducerDescription {
  id: number;
  name: string;
  apiUrl: string;
  active: boolean;
  /** How far back a recovery with `after` may reach; older, the client asks for a full recovery. */
  recoveryWindowMs: number;
}

/**
 * The UOF's own answer to a request it refused or accepted (`<response response_code="FORBIDDEN">`
 * with a message): a 403 tells its cause there (an expired token, a missing permission).
 */
const responseSchema = z.object({
  response: z.object({
    response_code: z.string().optional(),
    action: z.union([z.string(), z.object({})]).optional(),
    message: z.union([z.string(), z.object({})]).optional(),
  }),
});

/** Sportradar keeps three days of messages for a recovery with `after` unless the producer says otherwise. */
const DEFAULT_RECOVERY_WINDOW_MS = 3 * 24 * 3_600_000;

const ARRAYS = new Set(["producer", "market", "outcome", "mapping", "specifier", "competitor"]);

/** Reads a REST document with the same one-pass reader as the feed's messages. */
export function readDocument(xml: string): { ok: true; doc: XmlElement } | { ok: false; reason: string } {
  return readXml(xml, (name) => ARRAYS.has(name) || isUofArray(name));
}

export function toBookmaker(doc: XmlElement): BookmakerDetails | string {
  const r = bookmakerDetailsSchema.safeParse(doc);
  if (!r.success) return `whoami.xml is not a bookmaker_details document: ${r.error.issues[0]?.message}`;
  const b = r.data.bookmaker_details;
  return {
    bookmakerId: b.bookmaker_id,
    virtualHost: b.virtual_host,
    ...(b.expire_at ? { expireAt: b.expire_at } : {}),
  };
}

export function toProducers(doc: XmlElement): ProducerDescription[] | string {
  const r = producersSchema.safeParse(doc);
  if (!r.success) return `producers.xml is not a producers document: ${r.error.issues[0]?.message}`;
  return r.data.producers.producer.map((p) => ({
    id: p.id,
    name: p.name,
    apiUrl: p.api_url.endsWith("/") ? p.api_url : `${p.api_url}/`,
    active: p.active === "true",
    recoveryWindowMs:
      p.stateful_recovery_window_in_minutes !== undefined
        ? p.stateful_recovery_window_in_minutes * 60_000
        : DEFAULT_RECOVERY_WINDOW_MS,
  }));
}

/** The message of a UOF `<response>` document, if the body is one. */
export function responseMessage(body: string): string | undefined {
  const read = readDocument(body);
  if (!read.ok) return undefined;
  const r = responseSchema.safeParse(read.doc);
  if (!r.success) return undefined;
  const { message, action, response_code } = r.data.response;
  const text = [typeof message === "string" ? message : "", typeof action === "string" ? action : ""]
    .filter((t) => t !== "")
    .join("; ");
  return [response_code, text].filter((t) => t).join(": ") || undefined;
}
