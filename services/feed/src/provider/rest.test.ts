import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInApi, startStandInApi } from "../standin/api.js";
import { createUofRestClient, ProviderApiError } from "./rest.js";

const fixtureXml = (urn: string, language: string) =>
  `<fixtures_fixture generated_at="2026-11-22T12:00:00Z"><fixture id="${urn}" start_time="2026-11-22T15:00:00Z" liveodds="booked"><tournament id="sr:tournament:17" name="League ${language}"><sport id="sr:sport:1" name="Soccer"/><category id="sr:category:1" name="England"/></tournament><competitors><competitor id="sr:competitor:1" name="Home" qualifier="home"/><competitor id="sr:competitor:2" name="Away" qualifier="away"/></competitors></fixture></fixtures_fixture>`;

describe("the UOF REST client against the provider stand-in's API", () => {
  let api: StandInApi;
  const token = "a-token";
  const failures: string[] = [];
  const waits: number[] = [];
  const client = (overrides: { token?: string; attempts?: number } = {}) =>
    createUofRestClient({
      apiUrl: api.apiUrl,
      token: overrides.token ?? token,
      timeoutMs: 300,
      attempts: overrides.attempts ?? 3,
      policy: { firstMs: 20, maxMs: 80, refusedMs: 500 },
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
      },
      failed: (kind) => failures.push(kind),
    });
  const served = (path: RegExp) => api.requests.filter((r) => path.test(r.path));

  beforeAll(async () => {
    api = await startStandInApi({
      token,
      bookmakerId: 4242,
      virtualHost: "/unifiedfeed/4242",
      producers: [
        {
          id: 1,
          name: "LO",
          description: "Live Odds",
          path: "liveodds",
          scope: "live",
          recoveryWindowMinutes: 600,
        },
        {
          id: 3,
          name: "Ctrl",
          description: "Betradar Ctrl",
          path: "pre",
          scope: "prematch",
          recoveryWindowMinutes: 4320,
        },
      ],
      fixture: (urn, language) => (urn === "sr:match:404" ? undefined : fixtureXml(urn, language)),
      markets: (language) =>
        `<market_descriptions response_code="OK"><market id="1" name="1x2 ${language}"/></market_descriptions>`,
      onRecovery() {},
      onEventRecovery() {},
    });
  });
  afterAll(() => api.close());

  it("signs in with x-access-token and reads whoami and the producers", async () => {
    const c = client();
    expect(await c.whoami()).toMatchObject({ bookmakerId: 4242, virtualHost: "/unifiedfeed/4242" });
    const producers = await c.producers();
    expect(producers.map((p) => [p.id, p.recoveryWindowMs])).toEqual([
      [1, 600 * 60_000],
      [3, 4320 * 60_000],
    ]);
    expect(producers[0]?.apiUrl).toBe(`${api.apiUrl}/liveodds/`);
    expect(served(/whoami/).every((r) => r.token === token)).toBe(true);
  });

  it("caches market descriptions per language", async () => {
    const c = client();
    const before = served(/markets\.xml/).length;
    expect(await c.marketDescriptions("en")).toContain("1x2 en");
    expect(await c.marketDescriptions("en")).toContain("1x2 en");
    expect(await c.marketDescriptions("de")).toContain("1x2 de");
    const asked = served(/markets\.xml/).slice(before);
    expect(asked.map((r) => r.path)).toEqual([
      "/v1/descriptions/en/markets.xml",
      "/v1/descriptions/de/markets.xml",
    ]);
    expect(asked[0]?.query).toEqual({ include_mappings: "true" });
  });

  it("fetches a fixture once per event and language, and again once forgotten (fixture_change)", async () => {
    const c = client();
    const path = /sport_events\/sr:match:7\/fixture/;
    await Promise.all([c.fixture("sr:match:7", "en"), c.fixture("sr:match:7", "en")]);
    await c.fixture("sr:match:7", "en");
    expect(served(path)).toHaveLength(1);
    c.forgetFixture("sr:match:7");
    await c.fixture("sr:match:7", "en");
    expect(served(path)).toHaveLength(2);
  });

  it("retries a call that times out, with backoff, and counts the timeout", async () => {
    const c = client();
    failures.length = 0;
    waits.length = 0;
    api.fail(/sport_events\/sr:match:8\//, "timeout");
    await c.fixture("sr:match:8", "en");
    expect(served(/sr:match:8/)).toHaveLength(2);
    expect(failures).toEqual(["timeout"]);
    expect(waits).toEqual([15]);
  });

  it("retries a 500 with growing waits, then fails with its cause once the attempts are spent", async () => {
    const c = client();
    failures.length = 0;
    waits.length = 0;
    api.fail(/sr:match:9\//, { status: 500, message: "internal trouble" }, 3);
    const err = await c.fixture("sr:match:9", "en").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderApiError);
    expect((err as ProviderApiError).message).toMatch(/answered 500 \(ERROR: internal trouble/);
    expect(failures).toEqual(["server", "server", "server"]);
    expect(waits).toEqual([15, 30]);
    // a failed call is not cached: the next one asks again
    expect(await c.fixture("sr:match:9", "en")).toContain("sr:match:9");
  });

  it("reports a 403 with the provider's cause and the setting to fix, without retrying it", async () => {
    const c = client({ token: "wrong" });
    failures.length = 0;
    const before = served(/whoami/).length;
    const err = await c.whoami().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, refused: true, kind: "refused" });
    expect((err as Error).message).toMatch(
      /refused \(403: FORBIDDEN: Access token is missing, invalid or expired.*FEED_PROVIDER_TOKEN/,
    );
    expect(served(/whoami/).length - before).toBe(1);
    expect(failures).toEqual(["refused"]);
  });

  it("a 404 is not retried; a document of the wrong shape is refused as invalid", async () => {
    const c = client();
    failures.length = 0;
    await expect(c.fixture("sr:match:404", "en")).rejects.toMatchObject({ status: 404, kind: "client" });
    expect(served(/sr:match:404/)).toHaveLength(1);
    api.fail(/whoami/, { status: 200 });
    await expect(c.whoami()).rejects.toMatchObject({ kind: "invalid" });
  });

  it("asks a producer's recovery with after, request id and node id", async () => {
    const c = client();
    await c.initiateRecovery(`${api.apiUrl}/liveodds/`, {
      after: 1_700_000_000_000,
      requestId: 12,
      nodeId: 3,
    });
    await c.initiateRecovery(`${api.apiUrl}/pre/`, { requestId: 13 });
    const asked = served(/recovery\/initiate_request/);
    expect(asked.map((r) => [r.method, r.path, r.query, r.answered])).toEqual([
      [
        "POST",
        "/v1/liveodds/recovery/initiate_request",
        { after: "1700000000000", node_id: "3", request_id: "12" },
        202,
      ],
      ["POST", "/v1/pre/recovery/initiate_request", { request_id: "13" }, 202],
    ]);
  });
});
