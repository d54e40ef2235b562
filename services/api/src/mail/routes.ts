import { timingSafeEqual } from "node:crypto";
import { mailboxResponseSchema, text } from "@sportsbook/contracts";
import { outbox } from "@sportsbook/db";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";

const mailboxQuerySchema = z.object({
  recipient: text().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Turns the links of a plain-text message into anchors (after escaping, so nothing else becomes markup). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The development mailbox: every e-mail and SMS in the outbox, newest first. Only served when the
 * operator enables it (embedded default); otherwise the paths do not exist.
 */
export function registerMailboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["dev"];
  const load = async (request: FastifyRequest, query: z.infer<typeof mailboxQuerySchema>) => {
    // The outbox holds live reset and confirmation links: only the machine itself, or an operator
    // holding the key, may read it; for anyone else the page does not exist.
    if (!ctx.identity.devMailbox || !mailboxAllowed(request, ctx.identity.devMailboxKey)) {
      throw new ApiError("notFound");
    }
    return ctx.db
      .select()
      .from(outbox)
      .where(query.recipient ? eq(outbox.recipient, query.recipient.toLowerCase()) : undefined)
      .orderBy(desc(outbox.id))
      .limit(query.limit);
  };

  r.get(
    "/dev/mailbox/messages",
    {
      schema: {
        tags,
        summary: "Outbox messages (development mailbox; only when enabled)",
        querystring: mailboxQuerySchema,
        response: { 200: mailboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await load(request, request.query);
      return {
        data: rows.map((m) => ({
          id: m.id,
          channel: m.channel as "email" | "sms",
          recipient: m.recipient,
          template: m.template,
          subject: m.subject,
          body: m.body,
          sent_at: m.sentAt?.toISOString() ?? null,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );

  r.get(
    "/dev/mailbox",
    {
      schema: {
        tags,
        summary: "The development mailbox as a page (only when enabled)",
        querystring: mailboxQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await load(request, request.query);
      const items = rows
        .map(
          (m) =>
            `<article><header><b>${escapeHtml(m.channel.toUpperCase())}</b> to ${escapeHtml(m.recipient)} · ${escapeHtml(
              m.createdAt.toISOString(),
            )}${m.subject ? ` · ${escapeHtml(m.subject)}` : ""}</header><pre>${linkify(m.body)}</pre></article>`,
        )
        .join("\n");
      return reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title><style>body{font:14px system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}pre{white-space:pre-wrap}</style></head><body><h1>Development mailbox</h1><p>${rows.length} message(s), newest first.</p>${items || "<p>Empty.</p>"}</body></html>`,
        );
    },
  );
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * A request from this machine, or one that shows the operator's mailbox key. "This machine" is the
 * socket's own peer, never `request.ip` (which a trusted proxy's X-Forwarded-For sets), and only when
 * no proxy relayed the request: behind a proxy on the same host every socket peer is loopback.
 */
export function mailboxAllowed(
  request: Pick<FastifyRequest, "socket" | "headers">,
  key: string | undefined,
): boolean {
  const peer = request.socket.remoteAddress;
  const relayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (peer !== undefined && LOOPBACK.has(peer) && !relayed) return true;
  const shown = request.headers["x-operator-key"];
  return key !== undefined && typeof shown === "string" && safeEqual(shown, key);
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
