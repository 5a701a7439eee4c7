import { HStack } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import type { CountryCode } from "libphonenumber-js";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import SITE_CONFIG from "@site-config";
import { translateMessage } from "@/lib/api/error-message";
import { useFieldTexts } from "./fields";

type PhoneNumbers = typeof import("./phone-numbers");

const DEFAULT_COUNTRY = SITE_CONFIG.MAP.COUNTRY as CountryCode;
const DEFAULT_PREFIX = `+${SITE_CONFIG.MAP.CALLING_CODE}`;

let loaded: PhoneNumbers | null = null;
let loading: Promise<PhoneNumbers> | null = null;

/** libphonenumber (with its metadata) and the field's use of it: loaded when the field is first used, not with the page. */
export function loadPhoneNumbers(): Promise<PhoneNumbers> {
  loading ??= import("./phone-numbers").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs `task` when the browser is idle (at the latest after 2 s); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/** Until libphonenumber is there: a number of the default country split at its calling code. */
function roughSplit(value: string | null | undefined): { country: CountryCode; national: string } {
  return { country: DEFAULT_COUNTRY, national: value?.startsWith(DEFAULT_PREFIX) ? value.slice(DEFAULT_PREFIX.length) : "" };
}

/** Until libphonenumber is there (only the default country can be picked): the digits after its calling code. */
function roughE164(national: string): string {
  const digits = national.replace(/\D/g, "");
  return digits ? `${DEFAULT_PREFIX}${digits}` : national.trim();
}

function useCountryOptions(lang: string, phone: PhoneNumbers | null, mounted: boolean): { code: CountryCode; label: string }[] {
  return useMemo(() => {
    if (phone && mounted) return phone.countryOptions(lang);
    // Server HTML: the default country only, with no locale data that could differ from the browser's.
    if (!mounted) return [{ code: DEFAULT_COUNTRY, label: `${DEFAULT_COUNTRY} (${DEFAULT_PREFIX})` }];
    let name: string | undefined;
    try {
      name = new Intl.DisplayNames([lang, "en"], { type: "region" }).of(DEFAULT_COUNTRY);
    } catch {
      name = undefined;
    }
    return [{ code: DEFAULT_COUNTRY, label: `${name ?? DEFAULT_COUNTRY} (${DEFAULT_PREFIX})` }];
  }, [lang, phone, mounted]);
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
  const [phone, setPhone] = useState(loaded);
  const [{ country, national }, setParts] = useState(() => (loaded ? loaded.splitE164(value) : roughSplit(value)));
  const edited = useRef(false);
  const countryId = useId();
  const options = useCountryOptions(lang, phone, mounted);

  // libphonenumber comes when the visitor reaches the field or once the page is idle (so that a first
  // tap on the country list already lists every country); at once to read a stored number.
  const storedValue = useRef(value);
  const alive = useRef(true);
  const load = useCallback(() => {
    void loadPhoneNumbers().then(
      (module) => {
        if (!alive.current) return;
        setPhone(module);
        if (!edited.current && storedValue.current) setParts(module.splitE164(storedValue.current));
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    if (phone) return;
    if (storedValue.current) return load();
    return whenIdle(load);
  }, [phone, load]);
  const message = translateMessage(t, error);
  const { ids, describedBy } = useFieldTexts(true, !!message);

  // A reset of the form (value cleared from outside) clears the input too.
  if (!value && national.trim()) setParts({ country, national: "" });

  const update = (next: { country: CountryCode; national: string }) => {
    edited.current = true;
    setParts(next);
    if (phone) return onChange(phone.toE164(next.national, next.country));
    onChange(roughE164(next.national));
    void loadPhoneNumbers().then((module) => onChange(module.toE164(next.national, next.country)), () => undefined);
  };

  return (
    <Field.Root invalid={!!message} required={required} ids={ids} onPointerEnter={phone ? undefined : load} onFocusCapture={phone ? undefined : load}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap={2} width="full" align="stretch">
        {/* The number gets the larger share at every width: the country takes at most 40 % (and 11rem). */}
        <NativeSelect.Root width="40%" maxW="11rem" flexShrink={0}>
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
          flex="1"
          minW="0"
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
