import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";

/** The visitor's country from the operator's proxy header (ISO alpha-2), or null when absent or malformed. */
export function countryOf(ctx: AppContext, request: FastifyRequest): string | null {
  const value = request.headers[ctx.identity.countryHeader];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Refuses sign-in and sign-up from a configured blocked country (SPEC §5). */
export function assertCountryAllowed(ctx: AppContext, request: FastifyRequest): string | null {
  const country = countryOf(ctx, request);
  if (country && ctx.identity.blockedCountries.has(country)) {
    throw new ApiError("countryBlocked", { data: { country } });
  }
  return country;
}
