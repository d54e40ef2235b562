import { runInNewContext } from "node:vm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { HOST_SDK_PATHS, registerHostSdk } from "./host-sdk.js";

describe("the host SDK served at its versioned paths", () => {
  it("serves a self-contained script that defines window.SportsbookHost, for any site, kept a year", async () => {
    const app = Fastify();
    registerHostSdk(app);
    const res = await app.inject({ url: HOST_SDK_PATHS.script });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    // small: the protocol's schemas come inlined from zod's mini build
    expect(res.body.length).toBeLessThan(40_000);
    expect(res.body).not.toMatch(/\bimport\b|\brequire\(/);
    const window: { SportsbookHost?: { mount: unknown } } = {};
    runInNewContext(res.body, { window });
    expect(typeof window.SportsbookHost?.mount).toBe("function");
    await app.close();
  });

  it("serves the ES module with the SDK's exports", async () => {
    const app = Fastify();
    registerHostSdk(app);
    const res = await app.inject({ url: HOST_SDK_PATHS.module });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/export\{[^}]*mountSportsbook/);
    await app.close();
  });
});
