import { players, playerTags } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  mailbox,
  registeredPlayer,
  type Session,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(
    `phone verification, required fields and tracked tags (${target.kind})`,
    () => {
      let h: AccountsHarness;
      const send = (s: Session, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
        h.api.app.inject({
          method,
          url: `/api${url}`,
          headers: s.headers,
          ...(payload ? { payload: payload as object } : {}),
        });
      const smsCode = async (phone: string) => {
        const [sms] = await mailbox(h, phone);
        const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
        if (!code || sms?.channel !== "sms") throw new Error(`no SMS code for ${phone}`);
        return code;
      };

      beforeAll(async () => {
        h = await startAccounts(target, "identity_phone", {
          requirePhoneVerification: true,
          requiredFields: ["first_name", "last_name", "phone"],
        });
      });
      afterAll(() => h.close());

      it("[SPEC §5] demands verification after sign-in when configured, and verifies by SMS code", async () => {
        const s = await registeredPlayer(h, "pia@example.com");
        const status = await send(s, "GET", "/player/phone-verification?locale=de");
        expect(body(status)).toEqual({ data: { phone: null, is_verified: false, is_required: true } });

        const noPhone = await send(s, "POST", "/player/phone-verification/code", {});
        expect(body<ErrorJson>(noPhone).data.details?.[0]?.field).toBe("body.phone");
        const badPhone = await send(s, "POST", "/player/phone-verification/code", { phone: "12345" });
        expect(body<ErrorJson>(badPhone).data.details?.[0]?.field).toBe("body.phone");

        expect(
          (await send(s, "POST", "/player/phone-verification/code", { phone: "+4915112345678" })).statusCode,
        ).toBe(200);
        const code = await smsCode("+4915112345678");
        const wrong = await send(s, "POST", "/player/phone-verification", {
          code: code === "000000" ? "111111" : "000000",
        });
        expect(wrong.statusCode).toBe(400);
        expect(body<ErrorJson>(wrong).error).toBe("phoneCodeInvalid");
        const ok = await send(s, "POST", "/player/phone-verification", { code });
        expect(body(ok)).toEqual({
          data: { phone: "+4915112345678", is_verified: true, is_required: false },
        });
        const reused = await send(s, "POST", "/player/phone-verification", { code });
        expect(reused.statusCode).toBe(400);
      });

      it("retires a code after five wrong guesses, so six digits cannot be brute-forced", async () => {
        const s = await registeredPlayer(h, "guess@example.com");
        await send(s, "POST", "/player/phone-verification/code", { phone: "+4915100000001" });
        const code = await smsCode("+4915100000001");
        const wrongs = ["000001", "000002", "000003", "000004", "000005", "000006"]
          .filter((c) => c !== code)
          .slice(0, 5);
        for (const guess of wrongs)
          expect((await send(s, "POST", "/player/phone-verification", { code: guess })).statusCode).toBe(400);
        expect((await send(s, "POST", "/player/phone-verification", { code })).statusCode).toBe(400);
        const [row] = await h.handle.db.select().from(players).where(eq(players.id, s.playerId));
        expect(row?.phoneVerifiedAt).toBeNull();
      });

      it("refuses an expired code; a new number must be verified again", async () => {
        const s = await registeredPlayer(h, "swap@example.com");
        await send(s, "POST", "/player/phone-verification/code", { phone: "+4915100000002" });
        const oldCode = await smsCode("+4915100000002");
        h.advance(10 * 60 + 1);
        expect((await send(s, "POST", "/player/phone-verification", { code: oldCode })).statusCode).toBe(400);
        await send(s, "POST", "/player/phone-verification/code", { phone: "+4915100000003" });
        const newCode = await smsCode("+4915100000003");
        expect((await send(s, "POST", "/player/phone-verification", { code: newCode })).statusCode).toBe(200);
        // Changing the number later makes the phone unverified again.
        await send(s, "PUT", "/player/profile", { phone: "+4915100000004" });
        expect(body(await send(s, "GET", "/player/phone-verification"))).toMatchObject({
          data: { is_verified: false },
        });
      });

      it("limits SMS codes per player", async () => {
        const s = await registeredPlayer(h, "spam@example.com");
        for (let i = 0; i < 3; i += 1) {
          expect(
            (await send(s, "POST", "/player/phone-verification/code", { phone: "+4915100000005" }))
              .statusCode,
          ).toBe(200);
        }
        const fourth = await send(s, "POST", "/player/phone-verification/code", { phone: "+4915100000005" });
        expect(body<ErrorJson>(fourth).error).toBe("tooManyAttempts");
      });

      it("[SPEC §3] lists the missing required fields and clears them as they are filled in", async () => {
        const s = await registeredPlayer(h, "fields@example.com", { first_name: "Fay" });
        const signIn = await h.api.app.inject({ method: "GET", url: "/api/player", headers: s.headers });
        expect(body(signIn)).toMatchObject({ auth_fields_missed: ["last_name", "phone"] });
        const bad = await send(s, "PUT", "/player/profile", { last_name: "x".repeat(101) });
        expect(body<ErrorJson>(bad).data.details?.[0]?.field).toBe("body.last_name");
        const empty = await send(s, "PUT", "/player/profile", {});
        expect(empty.statusCode).toBe(400);
        const filled = await send(s, "PUT", "/player/profile", { last_name: "Fox", phone: "+4915100000009" });
        expect(body(filled)).toEqual({ data: { auth_fields_missed: [] } });
        expect(
          body(await h.api.app.inject({ method: "GET", url: "/api/player", headers: s.headers })),
        ).toMatchObject({
          auth_fields_missed: [],
          first_name: "Fay",
          last_name: "Fox",
        });
      });

      it("[SPEC §7] keeps tracked tags sent with GET /player, ignoring overlong ones", async () => {
        const s = await registeredPlayer(h, "tags@example.com", { stag: "first" });
        await h.api.app.inject({ method: "GET", url: "/api/player?qtag=q-9&btag=b-9", headers: s.headers });
        await h.api.app.inject({
          method: "GET",
          url: `/api/player?ctag=${"c".repeat(300)}`,
          headers: s.headers,
        });
        const [tags] = await h.handle.db.select().from(playerTags).where(eq(playerTags.playerId, s.playerId));
        expect(tags).toMatchObject({ stag: "first", qtag: "q-9", btag: "b-9", ctag: null });
      });
    },
  );
}
