/** A profile as far as being logged in is concerned (SPEC §3: id present and not blocked). */
export interface ProfileStanding {
  readonly id?: string | number | null;
  readonly isBlocked?: boolean;
}

/** A player is logged in when the profile has an id and is not blocked (SPEC §3, §4). */
export function isLoggedIn(profile: ProfileStanding | null | undefined): boolean {
  return profile?.id != null && profile.id !== "" && profile.isBlocked !== true;
}

/** What decides whether an auth or deposit form may open (SPEC §5). */
export interface FormAccess {
  readonly isLoggedIn: boolean;
  readonly signInAllowed: boolean;
  readonly signUpAllowed: boolean;
  /** The visitor's country, upper-case ISO code. */
  readonly countryCode?: string;
  readonly blockedCountryCodes: readonly string[];
  readonly inFrame: boolean;
  /** The host page listens for the sign-in, sign-up and deposit messages. */
  readonly iframeListenersSet: boolean;
}

/** Why a form stays closed. */
export type FormRefusal = "already_logged_in" | "not_allowed" | "country_blocked" | "outside_frame";

/**
 * Sign-in is blocked if already logged in or not allowed; sign-up if not allowed; both for listed
 * countries; sign-in, sign-up and deposit are disabled outside a frame unless iframe listeners are
 * set (SPEC §5).
 */
export function formRefusal(
  form: "sign_in" | "sign_up" | "deposit",
  access: FormAccess,
): FormRefusal | undefined {
  if (form === "sign_in" && access.isLoggedIn) return "already_logged_in";
  if ((form === "sign_in" && !access.signInAllowed) || (form === "sign_up" && !access.signUpAllowed)) {
    return "not_allowed";
  }
  const country = access.countryCode?.toUpperCase();
  if (form !== "deposit" && country && access.blockedCountryCodes.some((c) => c.toUpperCase() === country)) {
    return "country_blocked";
  }
  if (!access.inFrame && !access.iframeListenersSet) return "outside_frame";
  return undefined;
}

/** A responsible-gambling limit (SPEC §3). */
export interface Limit {
  readonly type: string;
  readonly status: string;
}

/**
 * Activity tracking runs only with the activity_tracking flag on, a logged-in player and at least
 * one active activity limit (SPEC §5).
 */
export function shouldTrackActivity(flagOn: boolean, loggedIn: boolean, limits: readonly Limit[]): boolean {
  return flagOn && loggedIn && limits.some((l) => l.type === "activity" && l.status === "active");
}

/** Phone verification is demanded after login only if config requires it and the phone is not verified (SPEC §5). */
export function needsPhoneVerification(required: boolean, loggedIn: boolean, isVerified: boolean): boolean {
  return required && loggedIn && !isVerified;
}

/**
 * Before a deposit, missing deposit fields are collected first in the required-fields modal when
 * config requires them and the profile has no missing auth fields (SPEC §5).
 */
export function collectsDepositFieldsFirst(
  configRequires: boolean,
  missingAuthFields: readonly string[],
  missingDepositFields: readonly string[],
): boolean {
  return configRequires && missingAuthFields.length === 0 && missingDepositFields.length > 0;
}

/** A bonus is marked seen only if not yet seen; alerts close for visitors (SPEC §5). */
export function shouldMarkBonusSeen(bonus: { readonly seen?: boolean }, loggedIn: boolean): boolean {
  return loggedIn && bonus.seen !== true;
}

/** Where parent-frame messages may come from (SPEC §5). */
export interface ParentOrigins {
  readonly whitelist: readonly string[];
  /** A player session or auth token is set: any origin is accepted. */
  readonly hasSessionOrToken: boolean;
  /** The fixed first-party origin. */
  readonly firstPartyOrigin?: string;
}

/**
 * Parent-frame messages are accepted only from whitelisted origins, from any origin when a player
 * session or auth token is set, or from the first-party origin; others are ignored (SPEC §5).
 */
export function isAllowedParentOrigin(origin: string, allowed: ParentOrigins): boolean {
  if (allowed.hasSessionOrToken) return true;
  const key = origin.toLowerCase().replace(/\/$/, "");
  const same = (o: string) => o.toLowerCase().replace(/\/$/, "") === key;
  return (
    allowed.whitelist.some(same) || (allowed.firstPartyOrigin !== undefined && same(allowed.firstPartyOrigin))
  );
}

/** How often a signed-in page reads the session's length and reality check (SPEC §9). */
export const SESSION_INFO_POLL_MS = 30_000;
/** How often a visible page reports activity while activity tracking runs (SPEC §5). */
export const ACTIVITY_TICK_MS = 60_000;

/** Seconds on the site before the deposit reminder, when the operator sets none (SPEC §9). */
export const DEPOSIT_REMINDER_DELAY_S = 10;
/** Once shown, the deposit reminder stays away this long (SPEC §9: one day). */
export const DEPOSIT_REMINDER_SUPPRESS_S = 86_400;

/** What decides whether a signed-in player is reminded to deposit (SPEC §3 depositReminder, §9). */
export interface DepositReminderInput {
  enabled: boolean;
  /** Only players holding this status are reminded; null reminds every player. */
  playerGroupId: string | null;
  loggedIn: boolean;
  statuses: readonly string[];
  /** Balance of the player's current account, minor units. */
  balance: number;
  /** Shown within the last day on this device. */
  suppressed: boolean;
}

/** A signed-in player with nothing to bet with is reminded to deposit, at most once a day. */
export function shouldRemindDeposit(i: DepositReminderInput): boolean {
  if (!i.enabled || !i.loggedIn || i.suppressed || i.balance > 0) return false;
  return i.playerGroupId === null || i.statuses.includes(i.playerGroupId);
}

/**
 * A visitor is invited to sign up once, after `seconds` above 0 (SPEC §9); never someone who has
 * already signed in on this device.
 */
export function shouldRemindSignUp(i: {
  seconds: number;
  loggedIn: boolean;
  authKnown: boolean;
  registeredHere: boolean;
  alreadyShown: boolean;
}): boolean {
  return i.seconds > 0 && i.authKnown && !i.loggedIn && !i.registeredHere && !i.alreadyShown;
}
