"use client";
import { type SignUpOptions, signUpOptionsResponseSchema } from "@sportsbook/contracts/identity";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { apiFetch } from "../../lib/client-api";
import { COUNTRY_CODES } from "../../lib/countries";
import { countryName } from "../../lib/country-name";
import { reportFailure } from "../../lib/error-reporter";

/** The age a form states before it knows the operator's (the server checks the real one). */
const DEFAULT_MINIMUM_AGE = 18;

async function fetchSignUpOptions(locale: string): Promise<SignUpOptions> {
  const res = await apiFetch("/player/sign-up/options", { locale });
  if (!res.ok) throw new Error(`GET /player/sign-up/options answered ${res.status}`);
  return signUpOptionsResponseSchema.parse(await res.json()).data;
}

/**
 * What a regulated market asks at sign-up beyond e-mail and password: the date of birth (the
 * operator's minimum age is stated; the server refuses a younger player), the country of residence
 * (the visit's suggested) and the account's currency.
 */
export function SignUpFields({ locale }: { locale: string }) {
  const t = useTranslations("auth");
  const [options, setOptions] = useState<SignUpOptions | null>(null);
  useEffect(() => {
    fetchSignUpOptions(locale)
      .then(setOptions)
      .catch((e: unknown) => reportFailure("reading the sign-up options", e));
  }, [locale]);
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) ?? code })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );
  const age = options?.minimum_age ?? DEFAULT_MINIMUM_AGE;
  return (
    <>
      <label>
        {t("date-of-birth")}
        <input
          type="date"
          name="date_of_birth"
          required
          autoComplete="bday"
          min="1900-01-01"
          aria-describedby="sign-up-age"
        />
      </label>
      <p className="hint" id="sign-up-age">
        {t("age-rule", { age })}
      </p>
      {/* keyed by the suggestion, so the select starts on it once the options arrive */}
      <label key={`country-${options?.country ?? ""}`}>
        {t("country")}
        <select name="country" required defaultValue={options?.country ?? ""} autoComplete="country">
          <option value="" disabled>
            {t("choose")}
          </option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {options && options.currencies.length > 1 ? (
        <label key={`currency-${options.default_currency}`}>
          {t("currency")}
          <select name="currency" defaultValue={options.default_currency}>
            {options.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}
