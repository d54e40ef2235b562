import type { DatabaseHandle } from "@sportsbook/db";
import type { DatabaseTarget } from "@sportsbook/db/testing";
import type { LightMyRequestResponse } from "fastify";
import type { IdentityOptions } from "../src/identity/settings.js";
import { type Api, type ApiConfig, createApi } from "../src/index.js";
import { TEST_SECRET } from "./support/harness.js";

/**
 * An API over a fresh database with the development mailbox on. The clock starts at the real time
 * (rows stamped by the database stay comparable) and moves only when a test moves it.
 */
export interface AccountsHarness {
  api: Api;
  handle: DatabaseHandle;
  clock: { now: Date };
  advance(seconds: number): void;
  close(): Promise<void>;
}

export async function startAccounts(
  target: DatabaseTarget,
  label: string,
  identity: IdentityOptions = {},
  more: Partial<Omit<ApiConfig, "identity" | "database">> = {},
): Promise<AccountsHarness> {
  const handle = await target.open(label);
  const clock = { now: new Date(Math.floor(Date.now() / 1000) * 1000) };
  const api = await createApi({
    database: handle,
    realtimeTokenSecret: TEST_SECRET,
    demo: true,
    now: () => clock.now,
    // No answer floor unless a suite measures it: it would only slow every sign-up down.
    identity: { devMailbox: true, publicUrl: "https://book.example", answerFloorMs: 0, ...identity },
    ...more,
  });
  return {
    api,
    handle,
    clock,
    advance(seconds) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
    async close() {
      await api.stop();
      await handle.close();
    },
  };
}

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

export interface MailJson {
  id: number;
  channel: string;
  recipient: string;
  template: string;
  subject: string;
  body: string;
}

/** The outbox as the development mailbox shows it, newest first. */
export async function mailbox(h: AccountsHarness, recipient?: string): Promise<MailJson[]> {
  const res = await h.api.app.inject({
    method: "GET",
    url: "/api/dev/mailbox/messages",
    query: recipient ? { recipient } : {},
  });
  if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}: ${res.body}`);
  return body<{ data: MailJson[] }>(res).data;
}

/** The query parameter `name` of the first link in the newest message of `template` to `recipient`. */
export async function linkToken(
  h: AccountsHarness,
  recipient: string,
  template: string,
  name: string,
): Promise<string> {
  const message = (await mailbox(h, recipient)).find((m) => m.template === template);
  const link = message?.body.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get(name) : null;
  if (!token) throw new Error(`no ${template} link with ${name} for ${recipient}`);
  return token;
}

export interface Session {
  cookie: string;
  headers: Record<string, string>;
  token: string;
  playerId: number;
}

/** Reads the session cookie and CSRF token a sign-in set. */
export function sessionFrom(res: LightMyRequestResponse): Session {
  const token = res.cookies.find((c) => c.name === "sb_session")?.value;
  const data = body<{ data: { csrf_token: string; player_id: number } }>(res).data;
  if (!token) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  const cookie = `sb_session=${token}`;
  return { cookie, token, playerId: data.player_id, headers: { cookie, "x-csrf-token": data.csrf_token } };
}

export const PASSWORD = "correct horse 42";

/** Signs up, follows the confirmation link and signs in: a ready player. */
export async function registeredPlayer(
  h: AccountsHarness,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const signUp = await h.api.app.inject({
    method: "POST",
    url: "/api/player/sign-up",
    payload: { email, password: PASSWORD, terms_accepted: true, date_of_birth: "1990-04-12", ...extra },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
  const token = await linkToken(h, email, "confirm_email", "confirmation_token");
  const confirm = await h.api.app.inject({
    method: "POST",
    url: "/api/player/confirmation",
    payload: { token },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirmation answered ${confirm.statusCode}`);
  return signIn(h, email);
}

export async function signIn(h: AccountsHarness, email: string, password = PASSWORD): Promise<Session> {
  const res = await h.api.app.inject({
    method: "POST",
    url: "/api/player/sign-in",
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return sessionFrom(res);
}
