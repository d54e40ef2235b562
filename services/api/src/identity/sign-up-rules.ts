import type { SignUpBody, SignUpOptions } from "@sportsbook/contracts";
import { isOfAge } from "@sportsbook/domain";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/errors.js";
import { currencyTable } from "../wallet/currencies.js";

/** The operator's calendar day of `now`: UTC, the same for every player whatever their clock says. */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * What a regulated market asks before an account opens: the player is of the operator's minimum age
 * (`underMinimumAge`, naming it) and does not declare a country where the site is not offered.
 */
export function assertSignUpAllowed(ctx: AppContext, body: Pick<SignUpBody, "date_of_birth" | "country">) {
  const { minimumAge } = ctx.identity;
  if (!isOfAge(body.date_of_birth, minimumAge, utcDay(ctx.now())))
    throw new ApiError("underMinimumAge", {
      details: [{ field: "body.date_of_birth", message: `under ${minimumAge}` }],
      data: { minimum_age: minimumAge },
    });
  if (body.country && ctx.identity.blockedCountries.has(body.country))
    throw new ApiError("countryBlocked", { data: { country: body.country } });
}

/** The sign-up form's choices: minimum age, the enabled currencies, the default one, the visit's country. */
export async function signUpOptions(ctx: AppContext, country: string | null): Promise<SignUpOptions> {
  const table = await currencyTable(ctx);
  const enabled = [...table.values()]
    .filter((c) => c.enabled)
    .map((c) => ({ code: c.code, subunits: c.subunits }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    minimum_age: ctx.identity.minimumAge,
    currencies: enabled,
    default_currency: ctx.identity.defaultCurrency,
    country,
  };
}
