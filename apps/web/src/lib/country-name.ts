/**
 * A country's name for people in `locale`: an ISO 3166 alpha-2 code is named through Intl, any
 * other text is kept as given (an operator may pass a name), and nothing known gives undefined.
 */
export function countryName(codeOrName: string | null | undefined, locale: string): string | undefined {
  const value = codeOrName?.trim().slice(0, 80);
  if (!value) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([locale, "en"], { type: "region" }).of(value.toUpperCase()) ?? value;
  } catch {
    return value.toUpperCase();
  }
}
