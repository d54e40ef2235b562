import { BlockList, isIP } from "node:net";

/**
 * Where a player may make the server send a push (a server-side request forgery guard): the browser
 * hands us a URL and the server later POSTs to it, so a player must not aim it at the operator's own
 * network. A push endpoint is an https URL on the default port, without credentials, whose host is a
 * public name or address. Names are checked again when they are resolved (`publicLookup`), so a name
 * that later resolves to a private address is refused too. Plain http to the machine itself is
 * accepted only when `loopbackHttp` is on: for a local push service stand-in in tests.
 */
export interface EndpointRule {
  loopbackHttp: boolean;
}

/** Address ranges no push service lives in: private, loopback, link-local, shared, reserved. */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  nonPublic.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  nonPublic.addSubnet(net, prefix, "ipv6");

/** Whether an IP address (v4 or v6) is one the public internet routes to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // an IPv4-mapped IPv6 address hides an IPv4 one (the block list would match every IPv4 address
  // against a ::ffff:0:0/96 rule), and no push service is reached that way: refused outright
  if (family === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address)) return false;
  return !nonPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether an address is this machine's loopback. */
export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || (isIP(address) === 4 && address.startsWith("127."));
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why an endpoint is refused, or null when a push may be sent to it. */
export function endpointProblem(endpoint: string, rule: EndpointRule): string | null {
  if (!URL.canParse(endpoint)) return "must be an absolute URL";
  const url = new URL(endpoint);
  if (url.username !== "" || url.password !== "") return "must not carry credentials";
  const host = url.hostname;
  if (url.protocol === "http:") {
    return rule.loopbackHttp && LOOPBACK_NAMES.has(host) ? null : "must be an https URL";
  }
  if (url.protocol !== "https:") return "must be an https URL";
  if (url.port !== "") return "must use the default https port";
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0) return isPublicAddress(bare) ? null : "must not point at a private address";
  // a single-label name, or one of the names kept for local networks, resolves inside the network
  if (!bare.includes(".") || /\.(localhost|local|internal|lan|home\.arpa)$/i.test(bare)) {
    return "must name a public host";
  }
  return null;
}
