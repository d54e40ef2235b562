import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which proxies in front may speak for the client (`X-Forwarded-For`, `-Proto`, `-Host`): none, or
 * the listed addresses and CIDR ranges (`loopback`, `linklocal` and `uniquelocal` name the usual
 * private ranges). Never "everyone": a node that believes any sender's `X-Forwarded-For` lets a
 * visitor pick the address its rate limits and the mailbox see.
 */
export type TrustedProxies = false | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, an address/prefix with a prefix its family allows, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const FORMS = "off, or the proxies' addresses/CIDRs (loopback, or 127.0.0.1,10.0.0.0/8)";

/** `TRUST_PROXY`: `off`, or a comma-separated list of addresses, CIDRs or named ranges. */
export const trustProxySchema = z
  .string()
  .trim()
  .default("off")
  .transform((value, ctx): TrustedProxies => {
    if (value === "off") return false;
    if (value === "on") {
      // The old switch trusted every sender; mapping it to some guess would either keep that hole
      // or quietly drop Secure cookies behind a remote proxy, so the operator must name the proxies.
      ctx.addIssue({
        code: "custom",
        message: `"on" trusted every sender and is no longer accepted; name the proxies in front: ${FORMS}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      // Fastify 5.12 trusts nothing given a bare hop count: it cannot tell the proxy from a client
      // that reached the node directly and sent its own X-Forwarded-For. Name the proxy instead.
      ctx.addIssue({
        code: "custom",
        message: `a hop count cannot tell the proxy from a direct client; name the proxies: ${FORMS}`,
      });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `not an address or CIDR: ${bad.join(", ")}; expected ${FORMS}`,
      });
      return z.NEVER;
    }
    return entries;
  });
