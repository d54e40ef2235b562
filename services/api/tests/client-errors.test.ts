import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./support/harness.js";

const [target] = databaseTargets();

describe.skipIf(!target || target.skip)("POST /client-errors (SPEC §8 error reporting)", () => {
  let h: Harness;
  beforeAll(async () => {
    if (target) h = await startHarness(target, "api_client_errors");
  });
  afterAll(async () => h?.close());

  const report = (payload: unknown) =>
    h.api.app.inject({ method: "POST", url: "/api/client-errors", payload: payload as object });
  const counted = async (kind: string) => {
    const metric = await h.api.ctx.metrics.registry.getSingleMetric("sportsbook_client_errors_total")?.get();
    return metric?.values.find((v) => v.labels.kind === kind)?.value ?? 0;
  };

  it("counts a page's error by kind, with the failed call attached", async () => {
    const res = await report({
      kind: "api",
      name: "Error",
      message: "POST /api/bets answered 500",
      during: "placing the slip's bets",
      page: "/live",
      response_url: "https://book.example/api/bets",
      status: 500,
      request: '{"bets":[]}',
      response: '{"error":"internal"}',
    });
    expect(res.statusCode).toBe(202);
    expect(await counted("api")).toBe(1);
  });

  it("refuses a report of an unknown kind, with fields it does not know, or too large", async () => {
    const base = { name: "Error", message: "m", page: "/" };
    expect((await report({ ...base, kind: "whatever" })).statusCode).toBe(400);
    expect((await report({ ...base, kind: "error", cookie: "sb_session=x" })).statusCode).toBe(400);
    expect((await report({ ...base, kind: "error", stack: "x".repeat(8_001) })).statusCode).toBe(400);
    expect((await report({ ...base, kind: "error", during: "x".repeat(201) })).statusCode).toBe(400);
    expect((await report({ ...base, kind: "error", during: "" })).statusCode).toBe(400);
    expect(await counted("error")).toBe(0);
  });
});
