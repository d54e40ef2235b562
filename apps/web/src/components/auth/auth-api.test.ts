import { describe, expect, it } from "vitest";
import { errorMessage } from "../../lib/error-message";
import { authRequest, blockedCountry } from "./auth-api";

describe("auth forms → Platform API calls", () => {
  it("sign-in and sign-up send the fields, sign-up with the page language and tracked tags", () => {
    expect(authRequest("sign_in", { email: "a@b.co", password: "pw" }, { locale: "de" })).toMatchObject({
      path: "/player/sign-in",
      body: { email: "a@b.co", password: "pw" },
      next: "reload",
    });
    expect(
      authRequest(
        "sign_up",
        {
          email: "a@b.co",
          password: "pw",
          termsAccepted: true,
          dateOfBirth: "1990-04-12",
          country: "AT",
          currency: "USD",
        },
        { locale: "de", tags: { btag: "x1" } },
      ).body,
    ).toEqual({
      email: "a@b.co",
      password: "pw",
      language: "de",
      terms_accepted: true,
      date_of_birth: "1990-04-12",
      country: "AT",
      currency: "USD",
      btag: "x1",
    });
  });

  it("the password form resets with the link's token, or changes the signed-in player's password", () => {
    expect(authRequest("edit_password", { password: "n" }, { locale: "en", resetToken: "t" })).toMatchObject({
      path: "/player/password/reset",
      body: { reset_password_token: "t", password: "n" },
    });
    expect(
      authRequest("edit_password", { password: "n", currentPassword: "o" }, { locale: "en" }),
    ).toMatchObject({
      path: "/player/password",
      method: "PUT",
    });
  });

  it("shows the server's localized message, else the default", () => {
    expect(errorMessage({ data: { localized_message: "Falsches Passwort" } }, "x")).toBe("Falsches Passwort");
    expect(errorMessage({ message: "nope" }, "Something went wrong")).toBe("Something went wrong");
  });

  it("reads the country of a countryBlocked answer, and nothing from other errors", () => {
    expect(blockedCountry({ error: "countryBlocked", data: { extra: { country: "FR" } } })).toBe("FR");
    expect(blockedCountry({ error: "countryBlocked", data: { extra: { country: "<b>" } } })).toBe("");
    expect(blockedCountry({ error: "countryBlocked" })).toBe("");
    expect(
      blockedCountry({ error: "invalidCredentials", data: { extra: { country: "FR" } } }),
    ).toBeUndefined();
    expect(blockedCountry(null)).toBeUndefined();
  });
});
