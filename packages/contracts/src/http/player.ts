import { z } from "zod";
import { currencyCodeSchema, moneySchema } from "./common.js";

/**
 * `GET /player`. A visitor without a session gets `id: null`; a session that expired answers 401
 * (`sessionExpired`) instead, so the client can sign the player out.
 */
export const profileSchema = z.object({
  id: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  nickname: z.string().nullable(),
  language: z.string().nullable(),
  currency: z.string().nullable(),
  statuses: z.array(z.object({ id: z.string() })),
  auth_fields_missed: z.array(z.string()),
  country: z.object({ name: z.string(), code: z.string() }).nullable(),
  is_blocked: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** SPEC §3 account: a balance per currency (minor units). */
export const accountSchema = z.object({
  currency: z.string(),
  subunits: z.number().int(),
  fiat: z.boolean(),
  balance: z.number().int(),
  is_current: z.boolean(),
});
export const accountsResponseSchema = z.object({ data: z.array(accountSchema) });

export const currencyBodySchema = z.object({ currency: currencyCodeSchema });
export const localeBodySchema = z.object({ locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/) });

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
  data: z.object({ player_id: z.number().int(), csrf_token: z.string() }),
});
