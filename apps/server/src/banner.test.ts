import { describe, expect, it } from "vitest";
import { startupBanner } from "./banner.js";

describe("startupBanner", () => {
  it("prints the site, API docs, dev mailbox and demo credentials of the embedded default", () => {
    const text = startupBanner({
      address: "http://0.0.0.0:3000",
      pages: true,
      apiDocs: true,
      devMailbox: true,
      demoPlayer: { email: "demo@sportsbook.local", password: "demo-abc-42" },
    });
    expect(text.split("\n")).toEqual([
      "Sportsbook is running at http://localhost:3000",
      "  Site:          http://localhost:3000/",
      "  API docs:      http://localhost:3000/api/docs",
      "  Dev mailbox:   http://localhost:3000/api/dev/mailbox",
      "  Demo e-mail:   demo@sportsbook.local",
      "  Demo password: demo-abc-42   (DEMO_PLAYER=off turns the demo player off)",
    ]);
  });

  it("prints the back office's address and the demo admin's e-mail, password and TOTP URI", () => {
    const text = startupBanner({
      address: "http://0.0.0.0:3000",
      pages: true,
      apiDocs: true,
      devMailbox: false,
      demoAdmin: {
        email: "admin@sportsbook.local",
        password: "demo-xyz-7",
        otpauthUri: "otpauth://totp/x?secret=ABC",
      },
    });
    expect(text.split("\n").slice(3)).toEqual([
      "  Back office:    http://localhost:3000/backoffice",
      "  Admin e-mail:   admin@sportsbook.local",
      "  Admin password: demo-xyz-7   (DEMO_ADMIN=off turns the demo admin off)",
      "  Admin TOTP:     otpauth://totp/x?secret=ABC   (add to an authenticator app)",
    ]);
  });

  it("uses PUBLIC_URL and leaves out what is not there", () => {
    const text = startupBanner({
      address: "http://[::]:8080",
      publicUrl: "https://book.example/",
      pages: false,
      apiDocs: true,
      devMailbox: false,
    });
    expect(text).toBe(
      "Sportsbook is running at https://book.example\n  API docs: https://book.example/api/docs",
    );
    const quiet = startupBanner({
      address: "http://[::]:8080",
      pages: true,
      apiDocs: false,
      devMailbox: false,
    });
    expect(quiet).not.toMatch(/docs/);
    expect(text).not.toMatch(/password|mailbox/i);
  });
});
