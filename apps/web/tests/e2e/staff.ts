import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./app";
import { DESKTOP } from "./browser";
import { mailedLink } from "./players";

/** The password every staff member enrolled by a suite chooses. */
export const STAFF_PASSWORD = "staff password 7";

export interface StaffLogin {
  email: string;
  password: string;
  totp: TOTP;
}

/** The demo admin as the start banner printed it: e-mail, password and the TOTP secret's URI. */
export function demoAdmin(base: string, dataDir: string): StaffLogin {
  const log = readFileSync(join(ROOT, ".cache", `e2e-app-${new URL(base).port}.log`), "utf8");
  const uri = log.match(/Admin TOTP:\s+(otpauth:\/\/\S+)/)?.[1];
  const email = log.match(/Admin e-mail:\s+(\S+)/)?.[1];
  if (!uri || !email) throw new Error("the start banner printed no demo admin");
  const password = readFileSync(join(dataDir, "demo-admin-password"), "utf8").trim();
  return { email, password, totp: totpOf(uri) };
}

export function totpOf(uri: string): TOTP {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
}

const nextStep = () => new Promise((r) => setTimeout(r, TOTP.remaining({ period: 30 }) + 50));

/**
 * Codes already spent, kept in a file: every suite signs the shared demo admin in, each in a module
 * of its own, and a code sent twice is a failed sign-in that counts towards the per-address budget.
 */
const USED_CODES = join(ROOT, ".cache", "e2e-totp-used");
const spent = (): Set<string> =>
  new Set(existsSync(USED_CODES) ? readFileSync(USED_CODES, "utf8").split("\n") : []);

/** A code not used before by any suite: a code is accepted once, so wait for the next step when it repeats. */
export async function freshCode(totp: TOTP): Promise<string> {
  for (;;) {
    const code = totp.generate();
    const key = `${totp.secret.base32}:${code}`;
    if (!spent().has(key)) {
      mkdirSync(dirname(USED_CODES), { recursive: true });
      appendFileSync(USED_CODES, `${key}\n`);
      return code;
    }
    await nextStep();
  }
}

/**
 * Signs a member in on the back office's sign-in form. The demo admin is shared by the suites: when
 * another suite spent the current code moments ago, the refusal is met by trying the next code once.
 */
export async function signIn(page: Page, base: string, login: StaffLogin): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await page.goto(`${base}/backoffice`);
    await page.getByLabel("E-mail").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await page.getByLabel("Authenticator code").fill(await freshCode(login.totp));
    await page.getByRole("button", { name: "Sign in" }).click();
    const signedIn = page.locator(".bo-who", { hasText: login.email });
    const refused = page.getByText("Wrong e-mail, password or code");
    // A wait of Playwright's own: the first sign-in of a suite runs in its setup, outside any test.
    await signedIn.or(refused).first().waitFor({ timeout: 30_000 });
    if ((await signedIn.count()) > 0) return;
    if (attempt > 0) throw new Error(`${login.email} could not sign in`);
    await nextStep();
  }
}

/**
 * An admin (signed in on `adminPage`) invites `email` with `role` on the Staff page; the invitee
 * joins through the mailed link in a browser context of their own.
 */
export async function enrol(
  base: string,
  browser: Browser,
  adminPage: Page,
  email: string,
  role: string,
  onInvitation?: (page: Page) => Promise<void>,
): Promise<{ page: Page; totp: TOTP }> {
  await adminPage.goto(`${base}/backoffice/staff`);
  const form = adminPage.getByRole("form", { name: "Invite a staff member" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect
    .poll(() => adminPage.getByRole("status").textContent())
    .toContain("/backoffice/invitation?token=");
  const link = await mailedLink(base, email, "/backoffice/invitation");
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${base}${link}`);
  const totp = totpOf(await page.getByLabel("TOTP secret (otpauth URI)").inputValue());
  await onInvitation?.(page);
  await page.getByLabel("Choose a password").fill(STAFF_PASSWORD);
  await page.getByLabel("Authenticator code").fill(await freshCode(totp));
  await page.getByRole("button", { name: "Join" }).click();
  await expect.poll(() => page.getByText(`Signed in as ${email}`).count()).toBe(1);
  await page.goto(`${base}/backoffice`);
  await expect.poll(() => page.locator(".bo-who").textContent()).toContain(email);
  return { page, totp };
}

/** A full-page picture of a back-office page, for a person to look at (not compared). */
export async function screenshot(page: Page, name: string) {
  const dir = join(ROOT, ".cache", "screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `backoffice-${name}.png`), fullPage: true });
}
