import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./app";

/** The demo admin as the start banner printed it: e-mail, password and the TOTP secret's URI. */
export function demoAdmin(base: string, dataDir: string): { email: string; password: string; totp: TOTP } {
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

/**
 * A code not used before: a code is accepted once, so wait for the next step when it repeats.
 * Suites run one after another in one process, so they share what was used.
 */
const used = new Set<string>();
export async function freshCode(totp: TOTP): Promise<string> {
  for (;;) {
    const code = totp.generate();
    const key = `${totp.secret.base32}:${code}`;
    if (!used.has(key)) {
      used.add(key);
      return code;
    }
    await new Promise((r) => setTimeout(r, TOTP.remaining({ period: 30 }) + 50));
  }
}

/**
 * Signs a member in through the form. Another suite may already have spent this time step's code
 * with the same secret (a code is accepted once), so a refusal is tried once more with the next
 * step's code, which `freshCode` waits for.
 */
export async function signInStaff(base: string, page: Page, email: string, password: string, totp: TOTP) {
  await page.goto(`${base}/backoffice`);
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Authenticator code").fill(await freshCode(totp));
    await page.getByRole("button", { name: "Sign in" }).click();
    const signedIn = page.locator(".bo-who");
    await signedIn.or(page.getByText("Wrong e-mail, password or code")).first().waitFor();
    if (await signedIn.count()) break;
    if (attempt === 2) throw new Error(`the back office refused ${email} twice`);
  }
  await expect.poll(() => page.locator(".bo-who").textContent()).toContain(email);
}

/** A full-page picture of a back-office page, for a person to look at (not compared). */
export async function screenshot(page: Page, name: string) {
  const dir = join(ROOT, ".cache", "screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `backoffice-${name}.png`), fullPage: true });
}
