export interface StartupInfo {
  /** Where the server listens, as `listen` answered (`http://0.0.0.0:3000`). */
  address: string;
  /** PUBLIC_URL, when the site is reached through another address. */
  publicUrl?: string;
  /** Whether the pages are served by this process. */
  pages: boolean;
  /** Whether the API reference is served. */
  apiDocs: boolean;
  devMailbox: boolean;
  demoPlayer?: { email: string; password: string };
  /** The demo back-office admin: e-mail, password and TOTP secret as an `otpauth://` URI. */
  demoAdmin?: { email: string; password: string; otpauthUri: string } | undefined;
  /** The host demo's address, when it runs. */
  hostDemo?: string | undefined;
}

/** What start-up prints: the address to open, the API docs, the mailbox and the demo sign-in. */
export function startupBanner(info: StartupInfo): string {
  const base = (
    info.publicUrl ?? info.address.replace(/\/\/(0\.0\.0\.0|\[::\])(?=[:/]|$)/, "//localhost")
  ).replace(/\/+$/, "");
  const rows: [string, string][] = [];
  if (info.pages) rows.push(["Site", `${base}/`]);
  if (info.apiDocs) rows.push(["API docs", `${base}/api/docs`]);
  if (info.devMailbox) rows.push(["Dev mailbox", `${base}/api/dev/mailbox`]);
  if (info.hostDemo)
    rows.push([
      "Host demo",
      `${info.hostDemo}/   (the sportsbook in a casino's frame; HOST_DEMO=off turns it off)`,
    ]);
  if (info.demoPlayer) {
    rows.push(["Demo e-mail", info.demoPlayer.email]);
    rows.push(["Demo password", `${info.demoPlayer.password}   (DEMO_PLAYER=off turns the demo player off)`]);
  }
  if (info.demoAdmin) {
    rows.push(["Back office", `${base}/backoffice`]);
    rows.push(["Admin e-mail", info.demoAdmin.email]);
    rows.push(["Admin password", `${info.demoAdmin.password}   (DEMO_ADMIN=off turns the demo admin off)`]);
    rows.push(["Admin TOTP", `${info.demoAdmin.otpauthUri}   (add to an authenticator app)`]);
  }
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `Sportsbook is running at ${base}`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`),
  ].join("\n");
}
