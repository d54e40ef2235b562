import { describe, expect, it } from "vitest";
import { AUTH_ROUTES, cleanedUrl, formFromUrl, formShows } from "./auth-forms";

describe("auth modals from the URL (SPEC §2)", () => {
  it("maps the /users/* routes to their forms", () => {
    expect(AUTH_ROUTES["sign-in"]).toBe("sign_in");
    expect(AUTH_ROUTES["password/new"]).toBe("forgot_password");
    expect(AUTH_ROUTES["password/edit"]).toBe("edit_password");
  });

  it("opens from a hash or a modal query parameter", () => {
    expect(formFromUrl({ hash: "#sign-up", search: "" })).toBe("sign_up");
    expect(formFromUrl({ hash: "", search: "?modal=unlock" })).toBe("unlock");
    expect(formFromUrl({ hash: "#betBuilder", search: "" })).toBeUndefined();
  });

  it("removes the opening hash, the modal parameter and a consumed reset token, keeping the rest", () => {
    expect(cleanedUrl({ pathname: "/live", search: "?a=1&modal=sign-in", hash: "" })).toBe("/live?a=1");
    expect(cleanedUrl({ pathname: "/", search: "?reset_password_token=t", hash: "#sign-in" })).toBe("/");
    expect(cleanedUrl({ pathname: "/", search: "", hash: "#betBuilder" })).toBe("/#betBuilder");
  });
});

describe("forms for visitors only", () => {
  it("a signed-in player never gets sign-in, sign-up or the resend forms; a visitor's form waits for the status", () => {
    for (const form of ["sign_in", "sign_up", "resend_confirmation_instructions", "unlock"] as const) {
      expect(formShows(form, "logged_in")).toBe(false);
      expect(formShows(form, "unknown")).toBe(false);
      expect(formShows(form, "not_logged_in")).toBe(true);
    }
    expect(formShows("confirm_password", "logged_in")).toBe(true);
  });
});
