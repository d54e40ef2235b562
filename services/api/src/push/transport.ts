import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { Agent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { type EndpointRule, isLoopbackAddress, isPublicAddress } from "./endpoint-rule.js";

/** A Web Push request as `web-push` builds it: encrypted body, VAPID and encoding headers. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** Posts a push request and answers the push service's status; throws when it could not be sent. */
export type PushTransport = (req: PushRequest) => Promise<number>;

/** How long a push service may take to answer before the send counts as failed. */
const TIMEOUT_MS = 10_000;

/**
 * A resolver that refuses names resolving to a non-public address (or, with `loopbackHttp`, to
 * anything but the machine itself): the endpoint rule checked the URL, this checks where the
 * connection really goes, so a public name re-pointed at an internal address is not followed.
 */
export function guardedLookup(rule: EndpointRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const allowed = addresses.filter(
        (a) => isPublicAddress(a.address) || (rule.loopbackHttp && isLoopbackAddress(a.address)),
      );
      const first = allowed[0];
      if (!first || allowed.length !== addresses.length) {
        return callback(
          Object.assign(new Error(`push host ${hostname} resolves to a non-public address`), {
            code: "EPUSHADDRESS",
          }),
          "",
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };
}

/** The transport over node's HTTP client, every connection through the guarded resolver. */
export function httpTransport(rule: EndpointRule): PushTransport {
  const lookup = guardedLookup(rule);
  const agent = new Agent({ lookup, keepAlive: true, maxSockets: 16 });
  return (req) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(req.endpoint);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const options = { method: "POST", headers, timeout: TIMEOUT_MS };
      // plain http only reaches here for the loopback stand-in the rule lets through
      const sent =
        url.protocol === "https:"
          ? httpsRequest(url, { ...options, agent }, done)
          : httpRequest(url, { ...options, lookup }, done);
      function done(res: import("node:http").IncomingMessage) {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      }
      sent.on("timeout", () => sent.destroy(new Error(`push service did not answer in ${TIMEOUT_MS} ms`)));
      sent.on("error", reject);
      sent.end(req.body ?? undefined);
    });
}
