import { createHash } from "node:crypto";
import { statisticsSchema } from "@sportsbook/contracts";
import { escapeHtml } from "@sportsbook/contracts/html";
import { competitors, matches } from "@sportsbook/db";
import { MATCH_STATUS } from "@sportsbook/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";

/** How often the broadcast page draws the match again, in seconds. */
export const BROADCAST_REFRESH_S = 5;

const STYLE = `body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#0b3d1f;color:#fff;display:grid;place-items:center;min-height:100vh}
main{text-align:center;padding:1rem}.channel{opacity:.75;font-size:.8rem;letter-spacing:.1em;text-transform:uppercase}
.teams{font-size:1.25rem;font-weight:600;margin:.75rem 0}.score{font-size:3rem;font-weight:700}.state{opacity:.85}`;
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

const home = alias(competitors, "home");
const away = alias(competitors, "away");
const params = z.object({ urn: z.string().regex(/^[a-z]+:[a-z_]+:\d{1,15}$/) });

/**
 * The simulated provider's broadcast (the embedded default's stand-in for a video stream): a page per
 * match showing its teams, score and minute, drawn again every few seconds. It sits in the match
 * page's stream tab as an outside stream would, framed only by this site.
 */
export function sandboxBroadcastPages(ctx: AppContext, channel: string): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      reply.header(
        "content-security-policy",
        `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'self'; base-uri 'none'`,
      );
      reply.header("cache-control", "no-store");
    });
    scope.get("/:urn", async (request, reply) => {
      reply.type("text/html; charset=utf-8");
      const parsed = params.safeParse(request.params);
      const [match] = parsed.success
        ? await ctx.db
            .select({
              status: matches.status,
              statistics: matches.statistics,
              home: home.name,
              away: away.name,
            })
            .from(matches)
            .leftJoin(home, eq(home.id, matches.homeCompetitorId))
            .leftJoin(away, eq(away.id, matches.awayCompetitorId))
            .where(eq(matches.urnId, parsed.data.urn))
            .limit(1)
        : [];
      if (!match) return reply.code(404).send(page(channel, "<p>This broadcast is not on air.</p>", false));
      const stats = statisticsSchema.safeParse(match.statistics);
      const score = stats.success ? stats.data.total_score : undefined;
      const minute = stats.success ? stats.data.clock?.match_time : undefined;
      const state =
        match.status === MATCH_STATUS.live
          ? `Live${minute ? ` · ${escapeHtml(minute)}` : ""}`
          : match.status === MATCH_STATUS.prematch
            ? "Coming up"
            : "Full time";
      const body = `<p class="teams" data-teams>${escapeHtml(match.home ?? "")} – ${escapeHtml(match.away ?? "")}</p>
<p class="score" data-score>${score ? `${score.home} : ${score.away}` : "– : –"}</p><p class="state">${state}</p>`;
      return reply.send(page(channel, body, match.status !== MATCH_STATUS.finished));
    });
  };
}

function page(channel: string, body: string, refresh: boolean): string {
  const meta = refresh ? `<meta http-equiv="refresh" content="${BROADCAST_REFRESH_S}">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${meta}<title>${escapeHtml(channel)}</title><style>${STYLE}</style></head><body><main><p class="channel">${escapeHtml(channel)}</p>${body}</main></body></html>`;
}
