import { Field, HStack, Input, NativeSelect } from "@chakra-ui/react";
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import SITE_CONFIG from "@site-config";
import { translateMessage } from "@/lib/api/error-message";
import { useFieldTexts } from "./fields";

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

function useCountryOptions(lang: string, mounted: boolean): { code: CountryCode; label: string }[] {
  return useMemo(() => {
    if (!mounted) {
      // Server HTML: the default country only, with no locale data that could differ from the browser's.
      return [{ code: DEFAULT_COUNTRY, label: `${DEFAULT_COUNTRY} (+${getCountryCallingCode(DEFAULT_COUNTRY)})` }];
    }
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
  }, [lang, mounted]);
}

const subscribeNothing = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

interface PhoneFieldProps {
  label: ReactNode;
  /** E.164, or what was typed when it cannot be read as a number. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  error?: string;
  required?: boolean;
  autoComplete?: string;
}

/**
 * A mobile number: country calling code (India by default) and the number. The form receives the
 * number in E.164 (+919876543210), as the platform expects.
 */
export function PhoneField({ label, value, onChange, onBlur, name, error, required, autoComplete = "tel-national" }: PhoneFieldProps) {
  const { t, lang } = useTranslation();
  // False in the server HTML and during hydration, true afterwards.
  const mounted = useSyncExternalStore(subscribeNothing, isClient, isServer);
  const [{ country, national }, setParts] = useState(() => splitE164(value));
  const countryId = useId();
  const options = useCountryOptions(lang, mounted);
  const message = translateMessage(t, error);
  const { ids, describedBy } = useFieldTexts(true, !!message);

  // A reset of the form (value cleared from outside) clears the input too.
  if (!value && national.trim()) setParts({ country, national: "" });

  const update = (next: { country: CountryCode; national: string }) => {
    setParts(next);
    onChange(toE164(next.national, next.country));
  };

  return (
    <Field.Root invalid={!!message} required={required} ids={ids}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap={2} width="full" align="stretch">
        <NativeSelect.Root width={{ base: "8.5rem", sm: "11rem" }} flexShrink={0}>
          <NativeSelect.Field
            // Its own id: the field's label belongs to the number input.
            id={countryId}
            bg="white"
            aria-label={t("auth:phone.country")}
            value={country}
            onChange={(e) => update({ country: e.target.value as CountryCode, national })}
          >
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          bg="white"
          type="tel"
          name={name}
          inputMode="tel"
          autoComplete={autoComplete}
          {...describedBy}
          value={national}
          onChange={(e) => update({ country, national: e.target.value })}
          onBlur={onBlur}
        />
      </HStack>
      <Field.HelperText>{t("auth:phone.hint")}</Field.HelperText>
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}
