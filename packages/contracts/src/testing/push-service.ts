import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A push request as the stand-in received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for a browser vendor's push service: it takes Web Push requests over plain http
 * on loopback, keeps them, and answers each path with the status set for it (201 by default). Test
 * helper; nothing shipped imports it.
 */
export interface PushServiceStandIn {
  url: string;
  received: ReceivedPush[];
  /** Answers for paths; unset paths get 201 Created as a push service does. */
  statusFor: Map<string, number>;
  /** Resolves once `n` pushes in all have arrived. */
  waitFor(n: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const waiters: { n: number; resolve: (r: ReceivedPush[]) => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.method === "POST" ? (statusFor.get(path) ?? 201) : 405;
      res.end();
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(received.slice());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    statusFor,
    waitFor: (n) =>
      received.length >= n
        ? Promise.resolve(received.slice())
        : new Promise((resolve) => waiters.push({ n, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as `pushManager.subscribe` makes them. */
export interface BrowserKeys {
  ecdh: ECDH;
  authSecret: Buffer;
  keys: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
  };
}

/** Decrypts an `aes128gcm` Web Push body as the browser does (RFC 8291 over RFC 8188, one record). */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 2 and any zero padding after it
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** The claims of a VAPID token (RFC 8292). */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks the VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): the key is the server's,
 * the token is signed by it (ES256) for the push service's origin and not expired. Answers the claims.
 */
export function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  audience: string,
): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || match[2] !== publicKey)
    throw new Error(`not a VAPID header for this key: ${authorization}`);
  const [header, payload, signature] = match[1].split(".");
  if (!header || !payload || !signature) throw new Error("not a JWT");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID token's signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as VapidClaims;
  if (claims.aud !== audience) throw new Error(`the VAPID token is for ${claims.aud}, not ${audience}`);
  if (!(claims.exp > Date.now() / 1000)) throw new Error("the VAPID token has expired");
  return claims;
}
