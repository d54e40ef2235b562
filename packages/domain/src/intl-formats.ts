/**
 * Intl formatters, built once per locale and options. Building one loads and resolves the locale's
 * data, which costs far more than formatting with it: a page formats every card's amounts and start
 * times as it hydrates, and building a formatter for each value made formatting a visible part of
 * a phone's hydration.
 */

/** Distinct option sets are few (locales × currencies × decimals); the bound only guards a leak. */
const MAX_CACHED = 500;

function cached<F, O>(build: (locale: string, options: O) => F) {
  const formatters = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale}\u0000${JSON.stringify(options)}`;
    let formatter = formatters.get(key);
    if (formatter === undefined) {
      if (formatters.size >= MAX_CACHED) formatters.clear();
      formatter = build(locale, options);
      formatters.set(key, formatter);
    }
    return formatter;
  };
}

/** `new Intl.NumberFormat(locale, options)`, shared by every caller with the same arguments. */
export const numberFormat = cached(
  (locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/** `new Intl.DateTimeFormat(locale, options)`, shared by every caller with the same arguments. */
export const dateTimeFormat = cached(
  (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
