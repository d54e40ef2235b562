import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { GAME_APPS, type GameApp } from "@sportsbook/contracts";
import { escapeHtml } from "@sportsbook/contracts/html";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { GameProvider } from "./provider.js";

/** How long a launch address opens the game. */
export const SANDBOX_LAUNCH_TTL_S = 300;

const TITLES: Record<GameApp, string> = {
  horse_racing: "Sandbox racing",
  lotto: "Sandbox lotto",
  premium_cricket: "Sandbox premium cricket",
};

const STYLE = `body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#12263a;color:#fff}
main{padding:1rem;max-width:40rem;margin:auto}h1{font-size:1.25rem;margin:0 0 .25rem}.who{opacity:.8;margin:0 0 1rem}
ol{list-style:none;padding:0;margin:0}li{display:flex;justify-content:space-between;padding:.5rem 0;border-bottom:1px solid #ffffff22}`;
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

const claimsSchema = z.object({
  app: z.enum(GAME_APPS),
  player: z.number().int().positive().nullable(),
  exp: z.number().int(),
});
type Claims = z.infer<typeof claimsSchema>;
const querySchema = z.object({ t: z.string().min(1).max(1000) });

/**
 * The embedded default's game provider (as the sandbox checkout is its payment provider): a launch
 * gives the address of its page for the product, signed for that player and a few minutes, and the
 * page shows the product's next events. It takes no stakes: a real provider's wallet calls are the
 * provider's integration, not the sandbox's. Its secret lives for the process: a launch is opened
 * within minutes, on the node that made it.
 */
export function createSandboxGames(options: { pathPrefix: string; now?: () => Date }): {
  provider: GameProvider;
  pages: FastifyPluginAsync;
} {
  const now = options.now ?? (() => new Date());
  const secret = randomBytes(32);
  const sign = (body: string) => createHmac("sha256", secret).update(body).digest("base64url");

  const provider: GameProvider = {
    name: "sandbox",
    async launch({ app, playerId }) {
      const claims: Claims = {
        app,
        player: playerId,
        exp: Math.floor(now().getTime() / 1000) + SANDBOX_LAUNCH_TTL_S,
      };
      const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${options.pathPrefix}/play/${app}?t=${body}.${sign(body)}`;
    },
  };

  function verify(token: string, app: string): Claims | null {
    const [body, mac] = token.split(".");
    if (!body || !mac) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      // a signed body is always JSON; anything else is not this provider's
      return null;
    }
    const claims = claimsSchema.safeParse(decoded);
    if (!claims.success || claims.data.app !== app) return null;
    return claims.data.exp * 1000 >= now().getTime() ? claims.data : null;
  }

  const pages: FastifyPluginAsync = async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      reply.header(
        "content-security-policy",
        `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'`,
      );
      reply.header("cache-control", "no-store");
    });
    scope.get<{ Params: { app: string } }>("/play/:app", async (request, reply) => {
      reply.type("text/html; charset=utf-8");
      const query = querySchema.safeParse(request.query);
      const claims = query.success ? verify(query.data.t, request.params.app) : null;
      if (!claims)
        return reply
          .code(403)
          .send(page("Sandbox games", "<p>This game link has expired. Open the game again.</p>"));
      const who = claims.player === null ? "Playing for fun" : `Playing as player ${claims.player}`;
      const events = nextEvents(claims.app, now())
        .map((e) => `<li><span>${escapeHtml(e.name)}</span><time>${e.at}</time></li>`)
        .join("");
      return reply.send(
        page(
          TITLES[claims.app],
          `<h1>${TITLES[claims.app]}</h1><p class="who">${who}</p><ol aria-label="Next events">${events}</ol>`,
        ),
      );
    });
  };
  return { provider, pages };
}

/** The product's next five events, every quarter of an hour from now (UTC). */
function nextEvents(app: GameApp, at: Date): { name: string; at: string }[] {
  const slot = 15 * 60_000;
  const first = Math.ceil(at.getTime() / slot) * slot;
  const names: Record<GameApp, (i: number) => string> = {
    horse_racing: (i) => `Race ${i + 1} · Sandbox Downs`,
    lotto: (i) => `Draw ${i + 1} · 6 from 49`,
    premium_cricket: (i) => `Over ${i + 1} · Sandbox XI v Test XI`,
  };
  return Array.from({ length: 5 }, (_, i) => ({
    name: names[app](i),
    at: `${new Date(first + i * slot).toISOString().slice(11, 16)} UTC`,
  }));
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
