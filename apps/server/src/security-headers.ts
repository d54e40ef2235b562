import type { FastifyInstance } from "fastify";

/** Headers every answer carries, pages (served by Next) and API alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

/**
 * The build's static files (scripts, styles, fonts) carry only nosniff: the referrer and permissions
 * policies act on the document that loads them, and on a first visit a page's dozen scripts would
 * otherwise each spend about 150 bytes on the wire repeating them.
 */
const STATIC_ASSETS = "/_next/static/";
export const STATIC_ASSET_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": SECURITY_HEADERS["x-content-type-options"] as string,
};

/** HSTS for requests that came over TLS; sent only then, since a browser keeps it for a year. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Sets the headers on the raw response as each request arrives, so answers Fastify writes and pages
 * Next writes (the reply is handed over) both carry them. HSTS follows `request.protocol`, which
 * reads X-Forwarded-Proto only when TRUST_PROXY is on.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const headers = request.url.startsWith(STATIC_ASSETS) ? STATIC_ASSET_HEADERS : SECURITY_HEADERS;
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    if (request.protocol === "https") reply.raw.setHeader("strict-transport-security", HSTS);
  });
}
