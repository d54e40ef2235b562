import { createHash, randomBytes } from "node:crypto";
import type { PaymentWebhook } from "@sportsbook/contracts";
import { escapeHtml } from "@sportsbook/contracts/html";
import { formatAmount, money } from "@sportsbook/domain";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { CheckoutProvider } from "./provider.js";
import { signCallback } from "./signature.js";

/** Sends one signed callback to the site; resolves with the site's HTTP status. */
export type CallbackDelivery = (body: string, signature: string) => Promise<number>;

interface CheckoutSession {
  id: string;
  paymentId: number;
  amount: number;
  currency: string;
  subunits: number;
  returnPath: string;
  expiresAt: Date;
  state: "open" | "paid" | "declined" | "cancelled";
}

export interface SandboxCheckout {
  /** The provider side the API opens checkouts with. */
  provider: CheckoutProvider;
  /** The provider's own pages; register under `pathPrefix`. */
  pages: FastifyPluginAsync;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1b1f24;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
form{display:inline}button{font:inherit;padding:.6rem 1.1rem;border-radius:8px;border:1px solid #8a94a6;background:#fff;margin:0 .5rem .5rem 0;cursor:pointer}
button.pay{background:#0b6b3a;border-color:#0b6b3a;color:#fff}p.note{color:#4a5363;font-size:.875rem}`;
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * The payment provider of the embedded default: a hosted checkout served by this app under its own
 * path, which behaves as an outside provider would. It keeps its sessions to itself, knows the site
 * only by the callback it signs, and reports how each payment ended the way real providers do — a
 * signed callback, retried until the site answers 2xx. Its sessions live in memory: a restart loses
 * the open ones, and the site expires their deposits.
 */
export function createSandboxCheckout(options: {
  callbackSecret: string;
  deliver: CallbackDelivery;
  /** Where `pages` are mounted, e.g. `/psp`. */
  pathPrefix: string;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: FastifyBaseLogger;
}): SandboxCheckout {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const sessions = new Map<string, CheckoutSession>();

  const provider: CheckoutProvider = {
    name: "sandbox",
    callbackSecret: options.callbackSecret,
    async openCheckout(input) {
      for (const [id, s] of sessions) if (s.expiresAt < now()) sessions.delete(id);
      const id = `cs_${randomBytes(16).toString("hex")}`;
      sessions.set(id, { id, ...input, state: "open" });
      return { session: id, checkoutUrl: `${options.pathPrefix}/checkout/${id}` };
    },
    // The sandbox pays every payout at once: no money moves anywhere.
    async payout() {
      return { reference: `po_${randomBytes(12).toString("hex")}` };
    },
  };

  async function report(
    session: CheckoutSession,
    type: PaymentWebhook["type"],
    reason?: string,
  ): Promise<void> {
    const event: PaymentWebhook = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      type,
      created: Math.floor(now().getTime() / 1000),
      data: {
        reference: String(session.paymentId),
        session: session.id,
        amount: session.amount,
        currency: session.currency,
        ...(reason ? { reason } : {}),
      },
    };
    const body = JSON.stringify(event);
    // The first attempt is awaited so the player returns to a settled payment; later ones are not.
    if (await attempt(body)) return;
    void (async () => {
      for (const delay of RETRY_DELAYS_MS) {
        await sleep(delay);
        if (await attempt(body)) return;
      }
      options.log?.error({ event: event.id, payment: session.paymentId }, "payment callback never accepted");
    })();
  }

  async function attempt(body: string): Promise<boolean> {
    try {
      // Signed at each attempt, as the signature's time must be recent.
      const status = await options.deliver(body, signCallback(options.callbackSecret, body, now()));
      if (status >= 200 && status < 300) return true;
      options.log?.warn({ status }, "payment callback answered with an error");
    } catch (error) {
      options.log?.warn({ err: error }, "payment callback could not be delivered");
    }
    return false;
  }

  // A player's deposit returns to a path of this site; a platform's to its own absolute address.
  const returnUrl = (session: CheckoutSession) => {
    const absolute = URL.canParse(session.returnPath);
    const url = new URL(session.returnPath, "http://site.invalid");
    url.searchParams.set("payment", String(session.paymentId));
    return absolute ? url.toString() : `${url.pathname}${url.search}`;
  };

  const pages: FastifyPluginAsync = async (scope) => {
    // The page's forms post no fields; their body is not read.
    scope.addContentTypeParser("application/x-www-form-urlencoded", (_request, _payload, done) =>
      done(null, undefined),
    );
    scope.addHook("onSend", async (_request, reply) => {
      // the checkout page names the platform its pay buttons may redirect to (form-action covers redirects)
      if (!reply.hasHeader("content-security-policy"))
        reply.header("content-security-policy", policy("'self'"));
      reply.header("cache-control", "no-store");
    });
    const params = z.object({ session: z.string().regex(/^cs_[0-9a-f]{32}$/) });
    const action = z.object({
      session: params.shape.session,
      action: z.enum(["pay", "decline", "cancel"]),
    });
    const find = (id: string) => {
      const session = sessions.get(id);
      return session && session.expiresAt >= now() ? session : undefined;
    };

    scope.get("/checkout/:session", async (request, reply) => {
      const parsed = params.safeParse(request.params);
      const session = parsed.success ? find(parsed.data.session) : undefined;
      reply.type("text/html; charset=utf-8");
      if (session?.state !== "open") {
        return reply
          .code(404)
          .send(page("Checkout closed", "<p>This checkout is closed or has expired.</p>"));
      }
      const amount = formatAmount(money(session.amount, session.currency), {
        code: session.currency,
        subunits: session.subunits,
        fiat: true,
      });
      const base = `${options.pathPrefix}/checkout/${session.id}`;
      if (URL.canParse(session.returnPath))
        reply.header("content-security-policy", policy(`'self' ${new URL(session.returnPath).origin}`));
      const button = (name: string, label: string, cls = "") =>
        `<form method="post" action="${base}/${name}"><button type="submit"${cls ? ` class="${cls}"` : ""}>${label}</button></form>`;
      return reply.send(
        page(
          "Sandbox checkout",
          `<p>Payment to Sportsbook</p><p class="amount" data-amount="${session.amount}">${amount} ${escapeHtml(session.currency)}</p>
${button("pay", "Pay now", "pay")}${button("decline", "Decline (test)")}${button("cancel", "Cancel and return")}
<p class="note">A test provider: no card is charged. "Decline" acts out a refused card.</p>`,
        ),
      );
    });

    scope.post("/checkout/:session/:action", async (request, reply) => {
      const parsed = action.safeParse(request.params);
      const session = parsed.success ? find(parsed.data.session) : undefined;
      if (!parsed.success || !session || session.state !== "open") {
        reply.type("text/html; charset=utf-8");
        return reply
          .code(404)
          .send(page("Checkout closed", "<p>This checkout is closed or has expired.</p>"));
      }
      if (parsed.data.action === "pay") {
        session.state = "paid";
        await report(session, "payment.succeeded");
      } else if (parsed.data.action === "decline") {
        session.state = "declined";
        await report(session, "payment.failed", "card declined");
      } else {
        session.state = "cancelled";
        await report(session, "payment.cancelled");
      }
      return reply.redirect(returnUrl(session), 303);
    });
  };

  return { provider, pages };
}

function policy(formAction: string): string {
  return `default-src 'none'; style-src '${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
