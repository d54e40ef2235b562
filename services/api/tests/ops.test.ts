import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorJson, type Harness, json, startHarness } from "./support/harness.js";

const [pglite] = databaseTargets();

describe.skipIf(!pglite)("operability", () => {
  let h: Harness;
  beforeAll(async () => {
    if (pglite) h = await startHarness(pglite, "api_ops");
  });
  afterAll(async () => h?.close());

  it("answers liveness and readiness with the database kind", async () => {
    expect(json(await h.api.app.inject("/api/live"))).toEqual({ status: "ok" });
    expect(json(await h.api.app.inject("/api/ready"))).toEqual({
      status: "ready",
      database: "pglite",
      links: {},
    });
  });

  it("exposes Prometheus metrics including request durations", async () => {
    await h.api.app.inject("/api/sports");
    const res = await h.api.app.inject("/api/metrics");
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.body).toMatch(
      /sportsbook_api_http_request_duration_seconds_count\{method="GET",route="\/api\/sports",status="200"\} 1/,
    );
  });

  it("serves an OpenAPI document of every route with its schemas, and a docs page", async () => {
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await h.api.app.inject("/api/openapi.json"),
    );
    expect(doc.openapi).toBe("3.0.3");
    for (const path of [
      "/api/matches",
      "/api/matches/{id}/markets",
      "/api/bets",
      "/api/bets/cashout",
      "/api/websocket/authorize",
      "/api/player/accounts",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths["/api/bets"]?.post?.requestBody).toBeDefined();
    const page = await h.api.app.inject("/api/docs");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("POST /api/bets/cashout");
  });

  it("answers unknown routes and malformed bodies with catalogue errors", async () => {
    const missing = await h.api.app.inject("/api/nowhere");
    expect(missing.statusCode).toBe(404);
    expect(json<ErrorJson>(missing).code).toBe(1005);
    const malformed = await h.api.app.inject({
      method: "POST",
      url: "/api/counters",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect(json<ErrorJson>(malformed).data.details?.[0]?.field).toBe("body");
    const huge = await h.api.app.inject({
      method: "POST",
      url: "/api/counters",
      headers: { "content-type": "application/json" },
      payload: `{"x":"${"a".repeat(300_000)}"}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(json<ErrorJson>(huge).code).toBe(1009);
  });
});
