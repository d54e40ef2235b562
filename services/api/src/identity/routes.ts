import {
  acceptedSchema,
  changePasswordBodySchema,
  emailBodySchema,
  okSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpOptionsResponseSchema,
  tokenBodySchema,
} from "@sportsbook/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requirePlayer, SESSION_COOKIE, sessionOf } from "../auth/session.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { errorResponses, typed } from "../http/route-kit.js";
import { kickDelivery } from "../mail/dispatcher.js";
import { assertWithinBudget, recordAttempt } from "./attempts.js";
import { assertCountryAllowed, countryOf } from "./country.js";
import { changePassword, forgotPassword, resendUnlock, resetPassword, unlock } from "./recovery.js";
import { authenticate, signedInAnswer, startSession } from "./sign-in.js";
import { confirmEmail, resendConfirmation, SIGN_UP_ACCEPTED, signUp } from "./sign-up.js";
import { assertSignUpAllowed, signUpOptions } from "./sign-up-rules.js";
import { sha256 } from "./tokens.js";

/**
 * Runs an answer that must not reveal whether an address is known, then waits out the configured
 * floor so every answer takes the same time whatever work was done.
 */
async function evenly<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = ctx.identity.answerFloorMs - (performance.now() - started);
  if (left > 0) await ctx.sleep(left);
  return result;
}

const SENT_IF_KNOWN = "If this address has an account that needs it, we sent the instructions by e-mail.";

/** Refuses account calls from a signed-in browser (SPEC §5: sign-in is blocked when already signed in). */
async function assertVisitor(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const session = await sessionOf(ctx, request);
  if (session.state === "active") throw new ApiError("alreadySignedIn");
}

/**
 * Mail-sending calls answer the same for every address; the budget per address and per IP keeps them
 * from being used to flood someone's inbox.
 */
async function mailBudget(ctx: AppContext, request: FastifyRequest, email: string): Promise<void> {
  const identity = ctx.identity;
  await assertWithinBudget(ctx, "mail", [
    { by: "ip", value: request.ip, max: identity.mailRequestsPerIp, failuresOnly: false },
    { by: "subject", value: email, max: identity.mailRequestsPerAddress, failuresOnly: false },
  ]);
  await recordAttempt(ctx, "mail", { ip: request.ip, subject: email, success: true });
}

/** Sign-up, confirmation, sign-in, unlock and password recovery under `/player`. */
export function registerIdentityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ["account"];

  r.post(
    "/player/sign-up",
    {
      schema: {
        tags,
        summary: "Opens an account; the e-mail address must be confirmed before signing in",
        description:
          "Answers the same for a new and an already registered address (the owner of a registered one is told by e-mail). Refused from blocked countries (header set by the operator's proxy). Tracked tags ctag, btag, stag, qtag, gclid are kept with the player.",
        body: signUpBodySchema,
        response: { 200: acceptedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assertVisitor(ctx, request);
      const country = assertCountryAllowed(ctx, request);
      assertSignUpAllowed(ctx, request.body);
      await assertWithinBudget(ctx, "sign_up", [
        { by: "ip", value: request.ip, max: ctx.identity.signUpsPerIp, failuresOnly: false },
      ]);
      await recordAttempt(ctx, "sign_up", { ip: request.ip, subject: request.body.email, success: true });
      await evenly(ctx, () => signUp(ctx, request.body, { ip: request.ip, country }));
      kickDelivery(ctx);
      return { ok: true as const, message: SIGN_UP_ACCEPTED };
    },
  );

  r.get(
    "/player/sign-up/options",
    {
      schema: {
        tags,
        summary: "What the sign-up form offers: the minimum age, the currencies, the visit's country",
        response: { 200: signUpOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await signUpOptions(ctx, countryOf(ctx, request)) }),
  );

  r.post(
    "/player/confirmation",
    {
      schema: {
        tags,
        summary: "Confirms the e-mail address with the token of the confirmation link",
        body: tokenBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await confirmEmail(ctx, request.body.token))) {
        throw new ApiError("tokenInvalid", { details: [{ field: "body.token", message: "invalid" }] });
      }
      return { ok: true as const };
    },
  );

  r.post(
    "/player/confirmation/resend",
    {
      schema: {
        tags,
        summary: "Sends the confirmation instructions again (same answer for every address)",
        body: emailBodySchema,
        response: { 200: acceptedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await mailBudget(ctx, request, request.body.email);
      await evenly(ctx, () => resendConfirmation(ctx, request.body.email));
      kickDelivery(ctx);
      return { ok: true as const, message: SENT_IF_KNOWN };
    },
  );

  r.post(
    "/player/sign-in",
    {
      schema: {
        tags,
        summary: "Signs in with e-mail and password; sets the session and CSRF cookies",
        description:
          "Unknown address, wrong password and a locked account get the same answer (invalidCredentials) after the same work. Failures are limited per IP and per address; consecutive failures lock the account and e-mail unlock instructions. A session cookie sent along is revoked and a new one issued.",
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertVisitor(ctx, request);
      assertCountryAllowed(ctx, request);
      const player = await authenticate(ctx, request.body, request.ip);
      const presented = request.cookies[SESSION_COOKIE];
      const { csrfToken } = await startSession(
        ctx,
        request,
        reply,
        player,
        presented ? sha256(presented) : null,
      );
      return signedInAnswer(ctx, player, csrfToken);
    },
  );

  r.post(
    "/player/unlock/resend",
    {
      schema: {
        tags,
        summary: "Sends the unlock instructions again (same answer for every address)",
        body: emailBodySchema,
        response: { 200: acceptedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await mailBudget(ctx, request, request.body.email);
      await evenly(ctx, () => resendUnlock(ctx, request.body.email));
      kickDelivery(ctx);
      return { ok: true as const, message: SENT_IF_KNOWN };
    },
  );

  r.post(
    "/player/unlock",
    {
      schema: {
        tags,
        summary: "Unlocks the account with the token of the unlock link",
        body: tokenBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await unlock(ctx, request.body.token);
      return { ok: true as const };
    },
  );

  r.post(
    "/player/password/forgot",
    {
      schema: {
        tags,
        summary: "E-mails a password-reset link (same answer for every address)",
        body: emailBodySchema,
        response: { 200: acceptedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await mailBudget(ctx, request, request.body.email);
      await evenly(ctx, () => forgotPassword(ctx, request.body.email));
      kickDelivery(ctx);
      return { ok: true as const, message: SENT_IF_KNOWN };
    },
  );

  r.post(
    "/player/password/reset",
    {
      schema: {
        tags,
        summary: "Sets a new password with the link's reset_password_token; every session is signed out",
        description: "The token works once and expires after two hours.",
        body: resetPasswordBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.reset_password_token, request.body.password);
      kickDelivery(ctx);
      return { ok: true as const };
    },
  );

  r.put(
    "/player/password",
    {
      schema: {
        tags,
        summary: "Changes the password of the signed-in player; other sessions are signed out",
        body: changePasswordBodySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const player = await requirePlayer(ctx, request);
      const session = await sessionOf(ctx, request);
      if (session.state !== "active") throw new ApiError("unauthorized");
      await changePassword(
        ctx,
        player,
        request.body.current_password,
        request.body.password,
        session.tokenHash,
      );
      kickDelivery(ctx);
      return { ok: true as const };
    },
  );
}
