import { readFileSync } from "node:fs";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import { appPathSchema } from "@sportsbook/contracts/window-messages";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { z } from "zod";
import { HostAccounts } from "./accounts.js";
import { signInPage, sportsPage } from "./pages.js";
import { requestHandover } from "./sportsbook-link.js";

export interface HostDemoOptions {
  /** Where the player's browser reaches the sportsbook (the frame's address). */
  sportsbookUrl: string;
  /** Where this server reaches the sportsbook's API (loopback in one process); the frame's address by default. */
  apiUrl?: string;
  /** The sportsbook's operator key, for session handovers. */
  operatorKey: string;
  logger?: boolean;
}

const SESSION_COOKIE = "casino_session";
const ASSETS: Record<string, { file: string; type: string }> = {
  "/host.js": { file: "host.js", type: "text/javascript; charset=utf-8" },
  "/host.css": { file: "host.css", type: "text/css; charset=utf-8" },
};

const signInForm = z.object({
  mode: z.enum(["sign-in", "sign-up"]).catch("sign-in"),
  return: appPathSchema.catch("/"),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email())
    .transform((e) => e.toLowerCase()),
  password: z.string().min(8).max(128),
});
const returnQuery = z.object({
  return: appPathSchema.catch("/"),
  mode: z.enum(["sign-in", "sign-up"]).catch("sign-in"),
});
const sportsQuery = z.object({ path: appPathSchema.catch("/") });

/**
 * A small host platform: a casino with its own players that embeds the sportsbook in a frame, hands
 * its signed-in player over to it, and takes sign-in and sign-up back from it (SPEC §5, §7).
 */
export function createHostDemo(options: HostDemoOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const accounts = new HostAccounts();
  const sportsbook = new URL(options.sportsbookUrl);
  const apiUrl = (options.apiUrl ?? sportsbook.origin).replace(/\/+$/, "");
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
  app.addHook("onSend", async (_request, reply) => {
    reply.header(
      "content-security-policy",
      `default-src 'self'; frame-src ${sportsbook.origin}; frame-ancestors 'none'; form-action 'self'; base-uri 'none'`,
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
    if (!player) return html(reply, sportsPage({ player, frameUrl: plain }));
    const handover = await requestHandover(apiUrl, options.operatorKey, { email: player, language: "en" });
    if (!handover.ok) {
      request.log.warn({ status: handover.status, message: handover.message }, "session handover refused");
      const notice = `The sportsbook did not accept your session: ${handover.message || handover.status}`;
      return html(reply, sportsPage({ player, frameUrl: plain, notice }));
    }
    const init = new URL("/init-sportsbook", sportsbook);
    init.searchParams.set("token", handover.token);
    init.searchParams.set("path", path);
    return html(reply, sportsPage({ player, frameUrl: init.toString() }));
  });

  app.get("/sign-in", async (request, reply) => {
    const query = returnQuery.parse(request.query);
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

  app.post("/sign-out", async (request, reply) => {
    accounts.endSession(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/", 303);
  });

  return app;
}
