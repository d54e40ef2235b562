import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostDemo } from "./app.js";

describe("the host demo's own accounts and pages", () => {
  // No sportsbook is needed until a signed-in player opens the sports page.
  const app = createHostDemo({
    sportsbookUrl: "http://sportsbook.test:3000",
    operatorKey: "k".repeat(40),
    sdkPath: "/sdk/host-sdk@1.0.0.js",
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const post = (form: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/sign-in",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(form).toString(),
    });

  it("opens an account once, signs it in with its password only, and returns where the player was", async () => {
    const opened = await post({
      mode: "sign-up",
      email: "Player@Casino.test",
      password: "casino pass 1",
      return: "/?path=%2Flive",
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/?path=%2Flive");
    expect(opened.cookies.find((c) => c.name === "casino_session")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
    expect(
      (await post({ mode: "sign-up", email: "player@casino.test", password: "other pass 22" })).statusCode,
    ).toBe(409);
    expect((await post({ email: "player@casino.test", password: "wrong pass 22" })).statusCode).toBe(401);
    expect((await post({ email: "nobody@casino.test", password: "casino pass 1" })).statusCode).toBe(401);
    const again = await post({
      email: "player@casino.test",
      password: "casino pass 1",
      return: "//evil.test/",
    });
    expect(again.statusCode).toBe(303);
    // a return address off the casino's own pages falls back to its home
    expect(again.headers.location).toBe("/");
  });

  it("refuses malformed sign-ins with the form shown again, its input escaped", async () => {
    const malformed: Record<string, string>[] = [
      { email: "x", password: "casino pass 1" },
      { email: "a@b.test", password: "short" },
      {},
    ];
    for (const form of malformed) {
      const res = await post(form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
    }
    const shown = await app.inject({
      method: "GET",
      url: `/sign-in?return=${encodeURIComponent('/"><script>')}`,
    });
    expect(shown.body).not.toContain('"><script>');
  });

  it("frames only the sportsbook, through its SDK, and cannot itself be framed", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('src="http://sportsbook.test:3000/"');
    // the SDK comes from the sportsbook, before the page's own script that mounts the frame with it
    expect(res.body).toMatch(
      /<script src="http:\/\/sportsbook\.test:3000\/sdk\/host-sdk@1\.0\.0\.js"><\/script><script src="\/host\.js">/,
    );
    expect(res.headers["content-security-policy"]).toContain(
      "script-src 'self' http://sportsbook.test:3000;",
    );
    expect(res.headers["content-security-policy"]).toContain("frame-src http://sportsbook.test:3000;");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const deep = await app.inject({ method: "GET", url: `/?path=${encodeURIComponent("//evil.test/x")}` });
    expect(deep.body).toContain('src="http://sportsbook.test:3000/"');
    expect((await app.inject({ method: "GET", url: "/host.js" })).headers["content-type"]).toContain(
      "javascript",
    );
  });

  it("sends a signed-out visitor from the wallet pages to sign in, and shows the payment routes", async () => {
    for (const url of ["/assets", "/profile/wallet/deposit?redirect=%2F"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/sign-in?return=${encodeURIComponent(url)}`);
    }
    const support = await app.inject({ method: "GET", url: "/payments/support" });
    expect(support.body).toContain('data-payment-result="support"');
    // a Continue link leads only to the casino's or the sportsbook's pages
    const away = await app.inject({
      method: "GET",
      url: "/payments/failure?payment=7&redirect=https%3A%2F%2Fevil.test%2F",
    });
    expect(away.body).toContain('href="/"');
    expect(away.body).toContain("/payments/support");
    const home = await app.inject({
      method: "GET",
      url: `/payments/success?redirect=${encodeURIComponent("http://sportsbook.test:3000/live")}`,
    });
    expect(home.body).toContain('href="http://sportsbook.test:3000/live"');
    const bad = await app.inject({ method: "GET", url: "/payments/return?payment=abc" });
    expect(bad.headers.location).toBe("/payments/failure?redirect=%2F");
  });

  it("lets only the sportsbook frame its deposit and sign-in pages, for the iframe deposit modal", async () => {
    for (const url of ["/profile/wallet/deposit?redirect=%2F", "/sign-in"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain(
        "frame-ancestors http://sportsbook.test:3000;",
      );
    }
    for (const url of ["/", "/assets", "/payments/success", "/profile/wallet/deposits"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });
});
