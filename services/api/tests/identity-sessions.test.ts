import { databaseTargets } from "@sportsbook/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  registeredPlayer,
  type Session,
  signIn,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

interface DeviceJson {
  id: string;
  current: boolean;
  user_agent: string | null;
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`signed-in devices (${target.kind})`, () => {
    let h: AccountsHarness;
    const send = (s: Session, method: "GET" | "POST" | "DELETE", url: string) =>
      h.api.app.inject({ method, url: `/api${url}`, headers: s.headers });
    const devices = async (s: Session) => {
      const res = await send(s, "GET", "/player/sessions");
      expect(res.statusCode).toBe(200);
      return body<{ data: DeviceJson[] }>(res).data;
    };
    const signedIn = async (s: Session) => (await send(s, "GET", "/player/accounts")).statusCode;

    beforeAll(async () => {
      h = await startAccounts(target, "identity_sessions");
    });
    afterAll(() => h.close());

    it("lists the player's devices with the asking one marked, and never shows a token", async () => {
      const first = await registeredPlayer(h, "devices@example.com");
      const second = await signIn(h, "devices@example.com");
      const other = await registeredPlayer(h, "someone-else@example.com");
      const list = await devices(first);
      expect(list).toHaveLength(2);
      expect(list.filter((d) => d.current)).toHaveLength(1);
      for (const d of list) expect(d.id).toMatch(/^[0-9a-f]{20}$/);
      const cookies = [first, second].map((s) => String(s.headers.cookie));
      for (const d of list) for (const c of cookies) expect(c).not.toContain(d.id);
      expect((await devices(other)).map((d) => d.id)).not.toContain(list[0]?.id);
    });

    it("signs one device out, refuses another player's device, and signs out every other device", async () => {
      const a = await registeredPlayer(h, "many@example.com");
      const b = await signIn(h, "many@example.com");
      const c = await signIn(h, "many@example.com");
      const intruder = await registeredPlayer(h, "intruder@example.com");

      const seenByA = await devices(a);
      const cId = (await devices(c)).find((d) => d.current)?.id as string;
      expect(seenByA.map((d) => d.id)).toContain(cId);

      const foreign = await send(intruder, "DELETE", `/player/sessions/${cId}`);
      expect(foreign.statusCode).toBe(404);
      expect(await signedIn(c)).toBe(200);
      const malformed = await send(a, "DELETE", "/player/sessions/not-an-id");
      expect(malformed.statusCode).toBe(400);
      expect(body<ErrorJson>(malformed).data.details?.[0]?.field).toBe("params.id");

      expect((await send(a, "DELETE", `/player/sessions/${cId}`)).statusCode).toBe(200);
      expect(await signedIn(c)).toBe(401);
      expect((await devices(a)).map((d) => d.id)).not.toContain(cId);

      const others = await send(a, "POST", "/player/sessions/sign-out-others");
      expect(body(others)).toEqual({ data: { signed_out: 1 } });
      expect(await signedIn(b)).toBe(401);
      expect(await signedIn(a)).toBe(200);
      expect(await devices(a)).toHaveLength(1);
      expect(await signedIn(intruder)).toBe(200);
    });

    it("needs a session and the CSRF token", async () => {
      const visitor = await h.api.app.inject({ method: "GET", url: "/api/player/sessions" });
      expect(visitor.statusCode).toBe(401);
      const s = await registeredPlayer(h, "csrf-devices@example.com");
      const { "x-csrf-token": _csrf, ...noCsrf } = s.headers;
      const forged = await h.api.app.inject({
        method: "POST",
        url: "/api/player/sessions/sign-out-others",
        headers: noCsrf,
      });
      expect(forged.statusCode).toBe(403);
    });
  });
}
