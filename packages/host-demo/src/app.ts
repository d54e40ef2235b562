import { readFileSync } from "node:fs";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import { quickDepositStatus } from "@sportsbook/contracts";
import { appPathSchema } from "@sportsbook/contracts/window-messages";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { z } from "zod";
import { HostAccounts } from "./accounts.js";
import { minorUnits } from "./money.js";
import {
  type Balance,
  PAYMENT_RESULTS,
  type PaymentResult,
  paymentResultPage,
  signInPage,
  sportsPage,
  walletPage,
} from "./pages.js";
import { SportsbookLink } from "./sportsbook-link.js";

export interface HostDemoOptions {
  /** Where the player's browser reaches the sportsbook (the frame's address). */
  sportsbookUrl: string;
  /** Where this server reaches the sportsbook's API (loopback in one process); the frame's address by default. */
  apiUrl?: string;
  /** The sportsbook's operator key, for session handovers. */
  operatorKey: string;
  /** The path of the sportsbook's host SDK script (`/sdk/host-sdk@{version}.js`), which the sports page loads. */
  sdkPath: string;
  logger?: boolean;
}

const SESSION_COOKIE = "casino_session";
const ASSETS: Record<string, { file: string; type: string }> = {
  "/host.js": { file: "host.js", type: "text/javascript; charset=utf-8" },
  "/host.css": { file: "host.css", type: "text/css; charset=utf-8" },
};

/** The casino's pages the sportsbook may show in its iframe deposit modal. */
const FRAMEABLE: ReadonlySet<string> = new Set(["/profile/wallet/deposit", "/sign-in"]);

const signInForm = z.object({
  mode: z.enum(["sign-in", "sign-up"]).catch("sign-in"),
  return: z.catch(appPathSchema, "/"),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email())
    .transform((e) => e.toLowerCase()),
  password: z.string().min(8).max(128),
});
const returnQuery = z.object({
  return: z.catch(appPathSchema, "/"),
  mode: z.enum(["sign-in", "sign-up"]).catch("sign-in"),
});
const sportsQuery = z.object({ path: z.catch(appPathSchema, "/") });
const paymentQuery = z.object({ payment: z.coerce.number().int().positive().optional().catch(undefined) });
const RESULT_OF = { success: "success", pending: "pending", error: "failure" } as const;

/**
 * A small host platform: a casino with its own players that embeds the sportsbook in a frame, hands
 * its signed-in player over to it, and takes sign-in and sign-up back from it (SPEC §5, §7).
 */
export function createHostDemo(options: HostDemoOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const accounts = new HostAccounts();
  const sportsbook = new URL(options.sportsbookUrl);
  const link = new SportsbookLink(
    (options.apiUrl ?? sportsbook.origin).replace(/\/+$/, ""),
    options.operatorKey,
  );
  // Where a page may send the player back to: the casino's own pages, or the sportsbook's.
  const backOf = (value: unknown): string => {
    if (typeof value !== "string") return "/";
    if (appPathSchema.safeParse(value).success) return value;
    return URL.canParse(value) && new URL(value).origin === sportsbook.origin ? value : "/";
  };
  const assets = Object.fromEntries(
    Object.entries(ASSETS).map(([path, a]) => [
      path,
      { type: a.type, body: readFileSync(join(import.meta.dirname, "browser", a.file)) },
    ]),
  );

  void app.register(cookie);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onSend", async (request, reply) => {
    // The sportsbook's iframe deposit modal shows the deposit page (and sign-in, when the casino's
    // session is gone); no other page, and no other site, may frame the casino.
    const framedBySportsbook = FRAMEABLE.has(request.url.split("?")[0] ?? "");
    reply.header(
      "content-security-policy",
      // the deposit form's answer redirects to the sportsbook's payment provider (form-action covers it)
      `default-src 'self'; script-src 'self' ${sportsbook.origin}; frame-src ${sportsbook.origin}; frame-ancestors ${framedBySportsbook ? sportsbook.origin : "'none'"}; form-action 'self' ${sportsbook.origin}; base-uri 'none'`,
    );
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
  });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(body);

  for (const [path, asset] of Object.entries(assets))
    app.get(path, (_request, reply) => reply.type(asset.type).send(asset.body));

  app.get("/", async (request, reply) => {
    const { path } = sportsQuery.parse(request.query);
    const player = accounts.playerOf(request.cookies[SESSION_COOKIE]);
    const plain = new URL(path, sportsbook).toString();
    const sdkUrl = new URL(options.sdkPath, sportsbook).toString();
    if (!player) return html(reply, sportsPage({ player, frameUrl: plain, sdkUrl }));
    const handover = await link.handover({ email: player, language: "en" });
    if (!handover.ok) {
      request.log.warn({ status: handover.status, message: handover.message }, "session handover refused");
      const notice = `The sportsbook did not accept your session: ${handover.message || handover.status}`;
      return html(reply, sportsPage({ player, frameUrl: plain, sdkUrl, notice }));
    }
    const init = new URL("/init-sportsbook", sportsbook);
    init.searchParams.set("token", handover.value);
    init.searchParams.set("path", path);
    return html(reply, sportsPage({ player, frameUrl: init.toString(), sdkUrl }));
  });

  app.get("/sign-in", async (request, reply) => {
    const query = returnQuery.parse(request.query);
    // a player already signed in here (the frame asked after its own session ended) goes straight back
    if (accounts.playerOf(request.cookies[SESSION_COOKIE])) return reply.redirect(query.return, 303);
    return html(reply, signInPage({ mode: query.mode, back: query.return }));
  });

  app.post("/sign-in", async (request, reply) => {
    const form = signInForm.safeParse(request.body);
    const fallback = returnQuery.parse(request.body ?? {});
    if (!form.success) {
      const error = "Enter an e-mail address and a password of 8 to 128 characters.";
      return html(reply, signInPage({ mode: fallback.mode, back: fallback.return, error }), 400);
    }
    const { mode, email, password, return: back } = form.data;
    const result =
      mode === "sign-up" ? await accounts.signUp(email, password) : await accounts.signIn(email, password);
    if (!result.ok) {
      const error =
        result.reason === "taken"
          ? "This address already has an account: sign in."
          : "Wrong e-mail or password.";
      return html(reply, signInPage({ mode, back, error, email }), result.reason === "taken" ? 409 : 401);
    }
    reply.setCookie(SESSION_COOKIE, accounts.startSession(result.email), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
    });
    return reply.redirect(back, 303);
  });

  const balancesOf = async (email: string): Promise<Balance[]> => {
    const answer = await link.accounts(email);
    // a player the sportsbook has not met yet has no balance there
    if (!answer.ok && answer.status === 404) return [];
    if (!answer.ok)
      throw new Error(`the sportsbook refused the balances: ${answer.status} ${answer.message}`);
    return answer.value;
  };

  const wallet = (title: "Assets" | "Deposit") => async (request: FastifyRequest, reply: FastifyReply) => {
    const player = accounts.playerOf(request.cookies[SESSION_COOKIE]);
    const back = backOf((request.query as { redirect?: unknown }).redirect);
    if (!player) return reply.redirect(`/sign-in?return=${encodeURIComponent(request.url)}`, 303);
    return html(reply, walletPage({ player, balances: await balancesOf(player), back, title }));
  };
  app.get("/assets", wallet("Assets"));
  app.get("/profile/wallet/deposit", wallet("Deposit"));

  app.post("/profile/wallet/deposit", async (request, reply) => {
    const player = accounts.playerOf(request.cookies[SESSION_COOKIE]);
    if (!player) return reply.redirect("/sign-in?return=%2Fprofile%2Fwallet%2Fdeposit", 303);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const back = backOf(form.redirect);
    const balances = await balancesOf(player);
    const currency = typeof form.currency === "string" ? form.currency : "";
    const known = balances.find((b) => b.currency === currency);
    const amount = typeof form.amount === "string" ? minorUnits(form.amount, known?.subunits ?? 2) : null;
    const refuse = (error: string, status: number) =>
      html(reply, walletPage({ player, balances, back, title: "Deposit", error }), status);
    if (amount === null || !/^[A-Z0-9]{2,10}$/.test(currency))
      return refuse("Enter an amount in the currency's decimals, e.g. 10.00.", 400);
    const returnUrl = new URL("/payments/return", `${request.protocol}://${request.host}`);
    returnUrl.searchParams.set("redirect", back);
    const opened = await link.deposit({ email: player, amount, currency, returnUrl: returnUrl.toString() });
    if (!opened.ok)
      return refuse(opened.message || "The payment could not be opened.", opened.status === 404 ? 409 : 400);
    return reply.redirect(new URL(opened.value, sportsbook).toString(), 303);
  });

  app.get("/payments/return", async (request, reply) => {
    const { payment } = paymentQuery.parse(request.query);
    const back = backOf((request.query as { redirect?: unknown }).redirect);
    const status = payment ? await link.paymentStatus(payment) : undefined;
    const result: PaymentResult = status?.ok ? RESULT_OF[quickDepositStatus(status.value)] : "failure";
    const target = new URLSearchParams({ redirect: back, ...(payment ? { payment: String(payment) } : {}) });
    return reply.redirect(`/payments/${result}?${target}`, 303);
  });

  for (const result of PAYMENT_RESULTS)
    app.get(`/payments/${result}`, async (request, reply) => {
      const { payment } = paymentQuery.parse(request.query);
      const back = backOf((request.query as { redirect?: unknown }).redirect);
      const player = accounts.playerOf(request.cookies[SESSION_COOKIE]);
      // the result stands without the header's balance when the sportsbook cannot tell it now
      const balances = player
        ? await balancesOf(player).catch((err: unknown) => {
            request.log.warn({ err }, "the balance for the payment result page could not be read");
            return [];
          })
        : [];
      const balance = balances.find((b) => b.is_current) ?? balances[0];
      return html(reply, paymentResultPage({ player, result, payment, back, balance }));
    });

  app.post("/sign-out", async (request, reply) => {
    accounts.endSession(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/", 303);
  });

  return app;
}
