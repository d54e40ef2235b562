import { describe, expect, it } from "vitest";
import {
  collectsDepositFieldsFirst,
  type FormAccess,
  formRefusal,
  isAllowedParentOrigin,
  isLoggedIn,
  needsPhoneVerification,
  shouldMarkBonusSeen,
  shouldRemindDeposit,
  shouldRemindSignUp,
  shouldTrackActivity,
} from "./access-rules.js";

const open: FormAccess = {
  isLoggedIn: false,
  signInAllowed: true,
  signUpAllowed: true,
  countryCode: "DE",
  blockedCountryCodes: ["US", "fr"],
  inFrame: true,
  iframeListenersSet: false,
};

describe("access rules (SPEC §3, §5)", () => {
  it("§3 a player is logged in when the id is present and not blocked", () => {
    expect(isLoggedIn({ id: 7 })).toBe(true);
    expect(isLoggedIn({ id: 7, isBlocked: true })).toBe(false);
    expect(isLoggedIn({ id: null })).toBe(false);
    expect(isLoggedIn(undefined)).toBe(false);
  });

  it("§5 sign-in blocked if already logged in or not allowed; sign-up blocked if not allowed", () => {
    expect(formRefusal("sign_in", open)).toBeUndefined();
    expect(formRefusal("sign_in", { ...open, isLoggedIn: true })).toBe("already_logged_in");
    expect(formRefusal("sign_in", { ...open, signInAllowed: false })).toBe("not_allowed");
    expect(formRefusal("sign_up", { ...open, signUpAllowed: false })).toBe("not_allowed");
  });

  it("§5 sign-in and sign-up blocked for listed country codes", () => {
    expect(formRefusal("sign_up", { ...open, countryCode: "FR" })).toBe("country_blocked");
    expect(formRefusal("sign_in", { ...open, countryCode: "us" })).toBe("country_blocked");
    expect(formRefusal("deposit", { ...open, countryCode: "US", isLoggedIn: true })).toBeUndefined();
  });

  it("§5 sign in, sign up and deposit are disabled outside a frame unless iframe listeners are set", () => {
    const outside = { ...open, inFrame: false };
    expect(formRefusal("deposit", outside)).toBe("outside_frame");
    expect(formRefusal("sign_up", outside)).toBe("outside_frame");
    expect(formRefusal("sign_in", { ...outside, iframeListenersSet: true })).toBeUndefined();
  });

  it("§5 activity tracking runs only with the flag, a logged-in user and an active activity limit", () => {
    const limits = [{ type: "activity", status: "active" }];
    expect(shouldTrackActivity(true, true, limits)).toBe(true);
    expect(shouldTrackActivity(false, true, limits)).toBe(false);
    expect(shouldTrackActivity(true, false, limits)).toBe(false);
    expect(
      shouldTrackActivity(true, true, [
        { type: "activity", status: "disabled" },
        { type: "loss", status: "active" },
      ]),
    ).toBe(false);
  });

  it("§5 phone verification is demanded only if required and not verified", () => {
    expect(needsPhoneVerification(true, true, false)).toBe(true);
    expect(needsPhoneVerification(true, true, true)).toBe(false);
    expect(needsPhoneVerification(false, true, false)).toBe(false);
  });

  it("§5 missing deposit fields are collected first only when required and no auth fields are missing", () => {
    expect(collectsDepositFieldsFirst(true, [], ["address"])).toBe(true);
    expect(collectsDepositFieldsFirst(true, ["phone"], ["address"])).toBe(false);
    expect(collectsDepositFieldsFirst(false, [], ["address"])).toBe(false);
    expect(collectsDepositFieldsFirst(true, [], [])).toBe(false);
  });

  it("§5 a bonus is marked seen only if not yet seen, and only for a logged-in player", () => {
    expect(shouldMarkBonusSeen({ seen: false }, true)).toBe(true);
    expect(shouldMarkBonusSeen({ seen: true }, true)).toBe(false);
    expect(shouldMarkBonusSeen({}, false)).toBe(false);
  });

  it("§5 parent-frame messages only from whitelisted origins, any with a session or token, or the first-party origin", () => {
    const allowed = {
      whitelist: ["https://casino.example"],
      hasSessionOrToken: false,
      firstPartyOrigin: "https://sb.example",
    };
    expect(isAllowedParentOrigin("https://casino.example", allowed)).toBe(true);
    expect(isAllowedParentOrigin("https://sb.example/", allowed)).toBe(true);
    expect(isAllowedParentOrigin("https://evil.example", allowed)).toBe(false);
    expect(isAllowedParentOrigin("https://evil.example", { ...allowed, hasSessionOrToken: true })).toBe(true);
  });

  it("§9 the deposit reminder: signed in, nothing to bet with, in the operator's group, once a day", () => {
    const due = {
      enabled: true,
      playerGroupId: null,
      loggedIn: true,
      statuses: [],
      balance: 0,
      suppressed: false,
    };
    expect(shouldRemindDeposit(due)).toBe(true);
    expect(shouldRemindDeposit({ ...due, enabled: false })).toBe(false);
    expect(shouldRemindDeposit({ ...due, loggedIn: false })).toBe(false);
    expect(shouldRemindDeposit({ ...due, balance: 1 })).toBe(false);
    expect(shouldRemindDeposit({ ...due, suppressed: true })).toBe(false);
    expect(shouldRemindDeposit({ ...due, playerGroupId: "new" })).toBe(false);
    expect(shouldRemindDeposit({ ...due, playerGroupId: "new", statuses: ["vip", "new"] })).toBe(true);
  });

  it("§9 the sign-up reminder: visitors only, once, and only when the operator sets a delay", () => {
    const due = { seconds: 30, loggedIn: false, authKnown: true, registeredHere: false, alreadyShown: false };
    expect(shouldRemindSignUp(due)).toBe(true);
    expect(shouldRemindSignUp({ ...due, seconds: 0 })).toBe(false);
    expect(shouldRemindSignUp({ ...due, loggedIn: true })).toBe(false);
    expect(shouldRemindSignUp({ ...due, authKnown: false })).toBe(false);
    expect(shouldRemindSignUp({ ...due, registeredHere: true })).toBe(false);
    expect(shouldRemindSignUp({ ...due, alreadyShown: true })).toBe(false);
  });
});
