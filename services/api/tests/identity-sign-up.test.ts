import { players, playerTags } from "@sportsbook/db";
import { databaseTargets } from "@sportsbook/db/testing";
import { latestBirthDate } from "@sportsbook/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsHarness,
  body,
  linkToken,
  mailbox,
  PASSWORD,
  registeredPlayer,
  signIn,
  startAccounts,
} from "./identity-harness.js";
import type { ErrorJson } from "./support/harness.js";

for (const target of databaseTargets()) {
  describe.skipIf(target.skip)(`sign-up, confirmation and sign-in (${target.kind})`, () => {
    let h: AccountsHarness;
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      h.api.app.inject({ method: "POST", url: `/api${url}`, payload: payload as object, headers });
    const playerCount = async () => (await h.handle.db.select({ n: count() }).from(players))[0]?.n ?? 0;

    beforeAll(async () => {
      h = await startAccounts(target, "identity_sign_up", { blockedCountries: ["KP", "us"] });
    });
    afterAll(() => h.close());

    it("[SPEC §1] signs up, sends the confirmation e-mail to the outbox, confirms and signs in", async () => {
      const res = await post("/player/sign-up", {
        email: "Alice@Example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
        currency: "USD",
        ctag: "c-1",
        btag: "b-1",
        gclid: "g-1",
      });
      expect(res.statusCode).toBe(200);
      const [mail] = await mailbox(h, "alice@example.com");
      expect(mail).toMatchObject({
        channel: "email",
        template: "confirm_email",
        subject: "Confirm your e-mail address",
      });
      expect(mail?.body).toContain("https://book.example/users/confirmation?confirmation_token=");

      const early = await post("/player/sign-in", { email: "alice@example.com", password: PASSWORD });
      expect(early.statusCode).toBe(403);
      expect(body<ErrorJson>(early).error).toBe("emailNotConfirmed");
      expect(early.cookies.find((c) => c.name === "sb_session")).toBeUndefined();

      const token = await linkToken(h, "alice@example.com", "confirm_email", "confirmation_token");
      expect((await post("/player/confirmation", { token })).statusCode).toBe(200);
      const reused = await post("/player/confirmation", { token });
      expect(reused.statusCode).toBe(400);
      expect(body<ErrorJson>(reused).error).toBe("tokenInvalid");

      const session = await signIn(h, "ALICE@example.com");
      const profile = await h.api.app.inject({
        method: "GET",
        url: "/api/player",
        headers: { cookie: session.cookie },
      });
      expect(body(profile)).toMatchObject({
        id: session.playerId,
        email: "alice@example.com",
        currency: "USD",
      });
      const [tags] = await h.handle.db
        .select()
        .from(playerTags)
        .where(eq(playerTags.playerId, session.playerId));
      expect(tags).toMatchObject({ ctag: "c-1", btag: "b-1", stag: null, gclid: "g-1" });
      const [row] = await h.handle.db.select().from(players).where(eq(players.id, session.playerId));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it("answers a second sign-up with a registered address exactly like a new one and tells the owner", async () => {
      await registeredPlayer(h, "bob@example.com");
      const before = await playerCount();
      const again = await post("/player/sign-up", {
        email: "bob@example.com",
        password: "another pass 1",
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      });
      const fresh = await post("/player/sign-up", {
        email: "carol@example.com",
        password: "another pass 1",
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(fresh.body);
      expect(await playerCount()).toBe(before + 1);
      const [notice] = await mailbox(h, "bob@example.com");
      expect(notice?.template).toBe("sign_up_attempt");
      // The original password still works: nothing of the second sign-up was applied.
      await signIn(h, "bob@example.com");
      // Repeated attempts cannot flood the owner's inbox: notices stop at the per-address budget.
      for (let i = 0; i < 5; i += 1) {
        const res = await h.api.app.inject({
          method: "POST",
          url: "/api/player/sign-up",
          payload: {
            email: "bob@example.com",
            password: "another pass 1",
            terms_accepted: true,
            date_of_birth: "1990-04-12",
          },
          remoteAddress: `10.9.9.${i}`,
        });
        expect(res.body).toBe(fresh.body);
      }
      expect(
        (await mailbox(h, "bob@example.com")).filter((m) => m.template === "sign_up_attempt"),
      ).toHaveLength(3);
    });

    it("resends confirmation instructions: only the newest link works; unknown addresses get the same answer", async () => {
      await post("/player/sign-up", {
        email: "dave@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      });
      const first = await linkToken(h, "dave@example.com", "confirm_email", "confirmation_token");
      const resend = await post("/player/confirmation/resend", { email: "dave@example.com" });
      const unknown = await post("/player/confirmation/resend", { email: "nobody@example.com" });
      expect(resend.statusCode).toBe(200);
      expect(unknown.body).toBe(resend.body);
      expect(await mailbox(h, "nobody@example.com")).toEqual([]);
      const second = await linkToken(h, "dave@example.com", "confirm_email", "confirmation_token");
      expect(second).not.toBe(first);
      expect((await post("/player/confirmation", { token: first })).statusCode).toBe(400);
      expect((await post("/player/confirmation", { token: second })).statusCode).toBe(200);
    });

    it("refuses an expired confirmation link", async () => {
      await post("/player/sign-up", {
        email: "erin@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      });
      const token = await linkToken(h, "erin@example.com", "confirm_email", "confirmation_token");
      h.advance(3 * 24 * 3600 + 1);
      expect((await post("/player/confirmation", { token })).statusCode).toBe(400);
    });

    it("[SPEC §5] refuses sign-up and sign-in from a blocked country, writing nothing", async () => {
      await registeredPlayer(h, "frank@example.com");
      const before = await playerCount();
      const mails = (await mailbox(h)).length;
      const up = await post(
        "/player/sign-up",
        { email: "kim@example.com", password: PASSWORD, terms_accepted: true, date_of_birth: "1990-04-12" },
        { "x-country-code": "kp" },
      );
      expect(up.statusCode).toBe(403);
      expect(body<ErrorJson>(up)).toMatchObject({
        error: "countryBlocked",
        data: { extra: { country: "KP" } },
      });
      const inn = await post(
        "/player/sign-in",
        { email: "frank@example.com", password: PASSWORD },
        { "x-country-code": "US" },
      );
      expect(inn.statusCode).toBe(403);
      expect(inn.cookies).toEqual([]);
      expect(await playerCount()).toBe(before);
      expect((await mailbox(h)).length).toBe(mails);
      const allowed = await post(
        "/player/sign-in",
        { email: "frank@example.com", password: PASSWORD },
        { "x-country-code": "DE" },
      );
      expect(allowed.statusCode).toBe(200);
    });

    it("refuses a player under the minimum age with its code, and keeps a declared country and birth date", async () => {
      const before = await playerCount();
      const mails = (await mailbox(h)).length;
      const today = h.clock.now.toISOString().slice(0, 10);
      const seventeen = latestBirthDate(17, today);
      const young = await post("/player/sign-up", {
        email: "young@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: seventeen,
      });
      expect(young.statusCode).toBe(400);
      expect(body<ErrorJson>(young)).toMatchObject({
        code: 1130,
        error: "underMinimumAge",
        data: { key: "error.sign_up.under_minimum_age", extra: { minimum_age: 18 } },
      });
      expect(body<ErrorJson>(young).data.details?.map((d) => d.field)).toEqual(["body.date_of_birth"]);
      const german = await post(
        "/player/sign-up",
        { email: "young@example.com", password: PASSWORD, terms_accepted: true, date_of_birth: seventeen },
        { "accept-language": "de" },
      );
      expect(body<ErrorJson>(german).data.localized_message).toBe(
        "Sie sind jünger als das Mindestalter für ein Konto.",
      );
      // a country of residence where the site is not offered is refused like a visit from there
      const blocked = await post("/player/sign-up", {
        email: "resident@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
        country: "KP",
      });
      expect(body<ErrorJson>(blocked)).toMatchObject({
        error: "countryBlocked",
        data: { extra: { country: "KP" } },
      });
      for (const bad of ["12.04.1990", "1990-13-01", "1990-02-30", ""]) {
        const res = await post("/player/sign-up", {
          email: "odd@example.com",
          password: PASSWORD,
          terms_accepted: true,
          date_of_birth: bad,
        });
        expect(res.statusCode, bad).toBe(400);
        expect(body<ErrorJson>(res).data.details?.map((d) => d.field)).toContain("body.date_of_birth");
      }
      expect(await playerCount()).toBe(before);
      expect((await mailbox(h)).length).toBe(mails);

      // eighteen today is of age; the declared country is the player's, the visit's stays in the tags
      const eighteen = latestBirthDate(18, today);
      const ok = await post(
        "/player/sign-up",
        {
          email: "adult@example.com",
          password: PASSWORD,
          terms_accepted: true,
          date_of_birth: eighteen,
          country: "AT",
        },
        { "x-country-code": "DE" },
      );
      expect(ok.statusCode).toBe(200);
      const [row] = await h.handle.db
        .select({ country: players.countryCode, dateOfBirth: players.dateOfBirth })
        .from(players)
        .where(eq(players.email, "adult@example.com"));
      expect(row).toEqual({ country: "AT", dateOfBirth: eighteen });
    });

    it("tells the sign-up form the minimum age, the currencies and the visit's country", async () => {
      const res = await h.api.app.inject({
        method: "GET",
        url: "/api/player/sign-up/options",
        headers: { "x-country-code": "at" },
      });
      expect(res.statusCode).toBe(200);
      const { data } = body<{
        data: {
          minimum_age: number;
          currencies: { code: string }[];
          default_currency: string;
          country: string;
        };
      }>(res);
      expect(data.minimum_age).toBe(18);
      expect(data.default_currency).toBe("EUR");
      expect(data.country).toBe("AT");
      expect(data.currencies.map((c) => c.code)).toEqual(expect.arrayContaining(["EUR", "USD"]));
    });

    it("refuses every bad sign-up input with a 400 naming the field, writing nothing", async () => {
      const before = await playerCount();
      const mails = (await mailbox(h)).length;
      const cases: [Record<string, unknown>, string][] = [
        [
          { email: "not-an-email", password: PASSWORD, terms_accepted: true, date_of_birth: "1990-04-12" },
          "body.email",
        ],
        [
          {
            email: `${"a".repeat(250)}@example.com`,
            password: PASSWORD,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
          },
          "body.email",
        ],
        [
          { email: "g@example.com", password: "short1", terms_accepted: true, date_of_birth: "1990-04-12" },
          "body.password",
        ],
        [
          {
            email: "g@example.com",
            password: "lettersonly",
            terms_accepted: true,
            date_of_birth: "1990-04-12",
          },
          "body.password",
        ],
        [
          {
            email: "g@example.com",
            password: `${"x1".repeat(65)}`,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
          },
          "body.password",
        ],
        [{ email: "g@example.com", password: PASSWORD }, "body.terms_accepted"],
        [{ email: "g@example.com", password: PASSWORD, terms_accepted: true }, "body.date_of_birth"],
        [
          {
            email: "g@example.com",
            password: PASSWORD,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
            currency: "XXX",
          },
          "body.currency",
        ],
        [
          {
            email: "g@example.com",
            password: PASSWORD,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
            ctag: "c".repeat(201),
          },
          "body.ctag",
        ],
        [
          {
            email: "g@example.com",
            password: PASSWORD,
            terms_accepted: true,
            date_of_birth: "1990-04-12",
            nickname: "n".repeat(51),
          },
          "body.nickname",
        ],
      ];
      for (const [payload, field] of cases) {
        const res = await post("/player/sign-up", payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(body<ErrorJson>(res).data.details?.map((d) => d.field)).toContain(field);
      }
      expect(await playerCount()).toBe(before);
      expect((await mailbox(h)).length).toBe(mails);
    });

    it("refuses bad sign-in and token inputs with a 400 naming the field", async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ["/player/sign-in", { email: "x@example.com" }, "body.password"],
        ["/player/sign-in", { email: "x@example.com", password: "p".repeat(129) }, "body.password"],
        ["/player/sign-in", { email: "e".repeat(300), password: "p" }, "body.email"],
        ["/player/confirmation", { token: "short" }, "body.token"],
        ["/player/confirmation", { token: "a".repeat(129) }, "body.token"],
        ["/player/confirmation", { token: "has spaces and ; symbols!!" }, "body.token"],
      ];
      for (const [url, payload, field] of cases) {
        const res = await post(url, payload);
        expect(res.statusCode).toBe(400);
        expect(body<ErrorJson>(res).data.details?.map((d) => d.field)).toContain(field);
      }
    });

    it("[SPEC §5] refuses sign-in and sign-up while signed in", async () => {
      const session = await registeredPlayer(h, "gina@example.com");
      const again = await post(
        "/player/sign-in",
        { email: "gina@example.com", password: PASSWORD },
        { cookie: session.cookie },
      );
      expect(again.statusCode).toBe(400);
      expect(body<ErrorJson>(again).error).toBe("alreadySignedIn");
      const up = await post(
        "/player/sign-up",
        { email: "other@example.com", password: PASSWORD, terms_accepted: true, date_of_birth: "1990-04-12" },
        { cookie: session.cookie },
      );
      expect(body<ErrorJson>(up).error).toBe("alreadySignedIn");
    });

    it("logout revokes the session on the server, not only the cookie", async () => {
      const session = await registeredPlayer(h, "hank@example.com");
      const out = await post("/player/logout", {}, session.headers);
      expect(out.statusCode).toBe(200);
      const after = await h.api.app.inject({
        method: "GET",
        url: "/api/player/accounts",
        headers: { cookie: session.cookie },
      });
      expect(after.statusCode).toBe(401);
      expect(body<ErrorJson>(after).error).toBe("sessionExpired");
    });

    it("documents the account, limit and session paths in the OpenAPI document", async () => {
      const doc = body<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
        await h.api.app.inject({ method: "GET", url: "/api/openapi.json" }),
      );
      for (const [path, method] of [
        ["/api/player/sign-up", "post"],
        ["/api/player/sign-in", "post"],
        ["/api/player/confirmation", "post"],
        ["/api/player/confirmation/resend", "post"],
        ["/api/player/unlock", "post"],
        ["/api/player/unlock/resend", "post"],
        ["/api/player/password/forgot", "post"],
        ["/api/player/password/reset", "post"],
        ["/api/player/password", "put"],
        ["/api/player/profile", "put"],
        ["/api/player/phone-verification", "get"],
        ["/api/player/phone-verification/code", "post"],
        ["/api/player/limits", "get"],
        ["/api/player/limits", "post"],
        ["/api/player/limits/{type}", "delete"],
        ["/api/player/limits/{id}/confirm", "post"],
        ["/api/player/limits/{id}/cancel", "post"],
        ["/api/player/sessions/info", "get"],
        ["/api/player/sessions/continue", "post"],
        ["/api/player/activity", "post"],
      ] as const) {
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      }
    });

    it("serves the development mailbox page with the links clickable", async () => {
      await post("/player/sign-up", {
        email: "ivy@example.com",
        password: PASSWORD,
        terms_accepted: true,
        date_of_birth: "1990-04-12",
      });
      const page = await h.api.app.inject({ method: "GET", url: "/api/dev/mailbox" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("ivy@example.com");
      expect(page.body).toMatch(
        /<a href="https:\/\/book\.example\/users\/confirmation\?confirmation_token=[\w-]+">/,
      );
    });
  });
}
