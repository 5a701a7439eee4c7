/**
 * The visitor's number, date and relative-time formats, made once per language and options and kept:
 * building an `Intl` formatter costs far more than using one (the home's statistics made a new one on
 * every render: 4 % of the server's time rendering `/`). Every screen formats through these.
 */

/** The Intl locale of a portal language: Indian grouping (1,00,000) in both. */
export const intlLocale = (lang: string): string => (lang === "hi" ? "hi-IN" : "en-IN");

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(kind: string, lang: string, options: object | undefined, make: (locale: string) => F): F {
  const key = `${kind}|${intlLocale(lang)}|${options ? JSON.stringify(options) : ""}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(intlLocale(lang));
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(lang: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept("n", lang, options, (locale) => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(lang: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept("d", lang, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

export function relativeTimeFormat(lang: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return kept("r", lang, options, (locale) => new Intl.RelativeTimeFormat(locale, options));
}
