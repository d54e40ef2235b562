import { z } from "zod";
import { currencyCodeSchema, moneySchema, text } from "./common.js";

/**
 * `GET /player`. A visitor without a session gets `id: null`; a session that expired answers 401
 * (`sessionExpired`) instead, so the client can sign the player out.
 */
export const profileSchema = z.object({
  id: z.number().int().nullable(),
  email: text().nullable(),
  phone: text().nullable(),
  name: text().nullable(),
  first_name: text().nullable(),
  last_name: text().nullable(),
  nickname: text().nullable(),
  language: text().nullable(),
  currency: text().nullable(),
  statuses: z.array(z.object({ id: text() })),
  auth_fields_missed: z.array(text()),
  country: z.object({ name: text(), code: text() }).nullable(),
  is_blocked: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** SPEC §3 account: a balance per currency (minor units). */
export const accountSchema = z.object({
  currency: text(),
  subunits: z.number().int(),
  fiat: z.boolean(),
  balance: z.number().int(),
  is_current: z.boolean(),
});
export const accountsResponseSchema = z.object({ data: z.array(accountSchema) });

export const currencyBodySchema = z.object({ currency: currencyCodeSchema });
export const localeBodySchema = z.object({ locale: text().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/) });

/**
 * `POST /player/deposits` through the demo payment provider (embedded default). Send an
 * `Idempotency-Key` header to make retries safe.
 */
export const depositBodySchema = z.object({
  currency: currencyCodeSchema,
  amount: z.number().int().positive().max(1e12),
});
export const depositResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    status: z.enum(["success", "pending", "error"]),
    balance: moneySchema,
  }),
});

/**
 * `POST /demo/sign-in`: an empty JSON object. Asking for JSON keeps a cross-site form (text/plain,
 * no preflight) from signing a browser in.
 */
export const demoSignInBodySchema = z.object({}).strict();

/** Answer of the demo sign-in: the session cookies are set; the CSRF token is echoed for convenience. */
export const sessionResponseSchema = z.object({
  data: z.object({ player_id: z.number().int(), csrf_token: text() }),
});
