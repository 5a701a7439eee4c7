import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import SITE_CONFIG from "@site-config";

/** libphonenumber's part of the mobile-number field, loaded with the field's first use (`loadPhoneNumbers`). */

export const DEFAULT_COUNTRY = SITE_CONFIG.MAP.COUNTRY as CountryCode;

/** The E.164 form (+919876543210) of what was typed for a country; "" for nothing typed. */
export function toE164(national: string, country: CountryCode): string {
  const trimmed = national.trim();
  if (!trimmed) return "";
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (parsed) return parsed.number;
  const digits = trimmed.replace(/\D/g, "");
  // Left unparsed on purpose: the schema then reports "Enter a valid mobile number".
  return digits ? `+${getCountryCallingCode(country)}${digits}` : trimmed;
}

/** Country and national part of a stored E.164 number (the default country for anything else). */
export function splitE164(value: string | null | undefined): { country: CountryCode; national: string } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  if (parsed?.country) return { country: parsed.country, national: parsed.nationalNumber };
  return { country: DEFAULT_COUNTRY, national: "" };
}

/** Every country with its calling code, named in `lang`; the default country first. */
export function countryOptions(lang: string): { code: CountryCode; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang, "en"], { type: "region" });
  } catch {
    names = undefined;
  }
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => (a.code === DEFAULT_COUNTRY ? -1 : b.code === DEFAULT_COUNTRY ? 1 : a.name.localeCompare(b.name, lang)))
    .map(({ code, name }) => ({ code, label: `${name} (+${getCountryCallingCode(code)})` }));
}
