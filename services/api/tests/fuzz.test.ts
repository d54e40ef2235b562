import { databaseTargets } from "@sportsbook/db/testing";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, type Player, player, startHarness } from "./support/harness.js";

/**
 * Every operation of the OpenAPI document, sent the malformed values a hostile client would send:
 * NUL bytes, unpaired surrogates, 1 MB strings, wrong types, huge numbers, bad JSON, odd content
 * types and long headers. Whatever the answer, it is never a 5xx. The values are fixed, so the run is
 * the same every time.
 */
const NUL = "a\u0000b";
const SURROGATE = "a\ud800b";
const HUGE_TEXT = "x".repeat(1_048_576);
const BAD_STRINGS = [NUL, SURROGATE, "\udc00", HUGE_TEXT.slice(0, 20_000)];
const BAD_VALUES: unknown[] = [
  NUL,
  SURROGATE,
  HUGE_TEXT,
  1e308,
  -1,
  2 ** 64,
  1.5,
  true,
  null,
  [],
  { a: NUL },
  "NaN",
];

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

function operations(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const props = op.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        body: Object.keys(props),
      });
    }
  }
  return ops;
}

/** A value as a hostile client writes it in a URL: a lone surrogate as its (invalid) UTF-8 bytes. */
function urlEncoded(value: string): string {
  return [...value].map((c) => (/[\ud800-\udfff]/.test(c) ? "%ED%A0%80" : encodeURIComponent(c))).join("");
}

/** The path with every parameter replaced by `value`. */
function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, urlEncoded(value));
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`no input gives a 5xx, on ${target.kind}`, () => {
    let h: Harness;
    let signedIn: Player;
    let ops: Operation[];
    beforeAll(async () => {
      h = await startHarness(target, "api_fuzz");
      signedIn = await player(h);
      const doc = await h.api.app.inject({ url: "/api/openapi.json" });
      ops = operations(doc.json() as OpenApi);
    }, 60_000);
    afterAll(async () => h?.close());

    it("the document lists the API's operations", () => {
      expect(ops.length).toBeGreaterThan(50);
    });

    it("malformed paths, queries, bodies, content types and headers never answer 5xx", async () => {
      const failures: string[] = [];
      const send = async (label: string, req: InjectOptions) => {
        const res = await h.api.app.inject(req);
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
      };
      for (const op of ops) {
        const method = op.method as "GET" | "POST" | "PUT" | "DELETE";
        for (const who of [{}, signedIn.headers]) {
          const url = fill(op.path, "1");
          for (const bad of BAD_STRINGS) {
            if (op.path.includes("{"))
              await send(`${op.method} ${op.path} path`, {
                method,
                url: fill(op.path, bad),
                headers: who,
              });
            for (const q of op.query) {
              await send(`${op.method} ${op.path} ?${q}`, { method, url, query: { [q]: bad }, headers: who });
            }
          }
          if (method === "GET" || method === "DELETE") continue;
          for (const field of op.body) {
            for (const value of BAD_VALUES) {
              await send(`${op.method} ${op.path} body.${field}`, {
                method,
                url,
                headers: who,
                payload: { [field]: value },
              });
            }
          }
          await send(`${op.method} ${op.path} bad JSON`, {
            method,
            url,
            headers: { ...who, "content-type": "application/json" },
            payload: '{"a": "\\u0000", ',
          });
          await send(`${op.method} ${op.path} text/plain`, {
            method,
            url,
            headers: { ...who, "content-type": "text/plain" },
            payload: "{}",
          });
          await send(`${op.method} ${op.path} odd type`, {
            method,
            url,
            headers: { ...who, "content-type": "application/x-www-form-urlencoded" },
            payload: "a=%00",
          });
          await send(`${op.method} ${op.path} long headers`, {
            method,
            url,
            headers: {
              ...who,
              "idempotency-key": "k".repeat(3_000),
              "accept-language": NUL,
              "x-extra": "h".repeat(8_000),
            },
            payload: {},
          });
          await send(`${op.method} ${op.path} 1 MB body`, {
            method,
            url,
            headers: who,
            payload: { text: HUGE_TEXT },
          });
        }
      }
      expect(failures).toEqual([]);
      // The URLs sent are the app's own routes, not 404s of a wrong prefix.
      const missing = ops.filter(
        (op) =>
          !h.api.app.hasRoute({ method: op.method as "GET", url: op.path.replace(/\{([^}]+)\}/g, ":$1") }),
      );
      expect(missing).toEqual([]);
    }, 240_000);
  });
}
