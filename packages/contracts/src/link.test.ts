import { describe, expect, it } from "vitest";
import { createLink, DEFAULT_RETRY, type LinkStatus, retryDelay } from "./link.js";

const policy = { firstMs: 1_000, maxMs: 16_000, refusedMs: 60_000 };

describe("retryDelay", () => {
  it("doubles from the first wait up to the longest, half of it drawn at random", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay(policy, n, 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(policy, n, 0.999_999))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 16_000,
    ]);
  });

  it("never answers zero, so a failing connection does not spin", () => {
    for (const r of [0, 0.5, 0.9]) expect(retryDelay(DEFAULT_RETRY, 1, r)).toBeGreaterThan(0);
  });

  it("waits the slow pace after a refusal retrying cannot fix", () => {
    expect(retryDelay(policy, 1, 0, true)).toBe(54_000);
    expect(retryDelay(policy, 40, 0.5, true)).toBe(60_000);
  });
});

describe("createLink", () => {
  function tracked() {
    let t = 1_000;
    const downs: LinkStatus[] = [];
    const ups: { status: LinkStatus; downMs: number }[] = [];
    const link = createLink({
      now: () => t,
      random: () => 0,
      policy,
      onDown: (s) => downs.push(s),
      onUp: (status, downMs) => ups.push({ status, downMs }),
    });
    return { link, downs, ups, advance: (ms: number) => (t += ms) };
  }

  it("tells of an outage once, however many attempts fail, and of its end once", () => {
    const { link, downs, ups, advance } = tracked();
    expect(link.status().state).toBe("connecting");
    const waits = [1, 2, 3, 4].map(() => {
      advance(100);
      return link.failed("connection refused (ECONNREFUSED)");
    });
    expect(waits).toEqual([500, 1_000, 2_000, 4_000]);
    expect(downs).toHaveLength(1);
    expect(link.status()).toMatchObject({ state: "down", failures: 4, since: 1_100 });
    advance(400);
    link.up();
    expect(ups).toEqual([{ status: expect.objectContaining({ failures: 4 }), downMs: 700 }]);
    expect(link.status()).toMatchObject({ state: "up", failures: 0 });
    link.up();
    expect(ups).toHaveLength(1);
  });

  it("tells again when the cause changes to a refusal, which then retries slowly", () => {
    const { link, downs } = tracked();
    link.failed("connection refused (ECONNREFUSED)");
    expect(link.failed("login refused: check AMQP_URL", true)).toBe(54_000);
    link.failed("login refused: check AMQP_URL", true);
    expect(downs.map((d) => [d.cause, d.refused ?? false])).toEqual([
      ["connection refused (ECONNREFUSED)", false],
      ["login refused: check AMQP_URL", true],
    ]);
  });
});
