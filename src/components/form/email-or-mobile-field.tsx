import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { Controller, useWatch, type Control, type FieldValues, type Path, type UseFormRegister } from "react-hook-form";
import { LazyFallback } from "@/components/ui/lazy-fallback";
import { RadioField, TextField } from "./fields";

// E-mail is the default: the number field (and libphonenumber) loads when the visitor picks a mobile number.
const PhoneField = dynamic(() => import("./phone-field").then((m) => m.PhoneField), { loading: LazyFallback });

interface EmailOrMobileFieldProps<T extends FieldValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  /** Form field holding "EMAIL" | "MOBILE". */
  methodName: Path<T>;
  /** Form field holding the e-mail address or the E.164 mobile number. */
  valueName: Path<T>;
  methodLabel: string;
  error?: string;
  /** Called when the visitor switches between e-mail and mobile (clear the value and its error). */
  onMethodChange: () => void;
}

/** "Sign in with: e-mail | mobile number" and the matching input (sign-in and forgotten password). */
export function EmailOrMobileField<T extends FieldValues>({
  control,
  register,
  methodName,
  valueName,
  methodLabel,
  error,
  onMethodChange,
}: EmailOrMobileFieldProps<T>) {
  const { t } = useTranslation();
  const method = useWatch({ control, name: methodName });
  return (
    <>
      <Controller
        control={control}
        name={methodName}
        render={({ field }) => (
          <RadioField
            label={methodLabel}
            name={field.name}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              onMethodChange();
            }}
            options={[
              { value: "EMAIL", label: t("auth:sign_in.email") },
              { value: "MOBILE", label: t("auth:sign_in.mobile") },
            ]}
          />
        )}
      />
      {method === "MOBILE" ? (
        <Controller
          control={control}
          name={valueName}
          render={({ field }) => (
            <PhoneField
              label={t("auth:sign_in.mobile")}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={error}
              autoComplete="username"
              required
            />
          )}
        />
      ) : (
        <TextField
          label={t("auth:sign_in.email")}
          registration={register(valueName)}
          error={error}
          inputProps={{ type: "email", autoComplete: "username", inputMode: "email" }}
          required
        />
      )}
    </>
  );
}
