import { Button, Stack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { codeSubjectOf, type AuthResponse, type PendingUser, type VerificationType } from "@/contracts/auth";
import { FormAlert } from "@/components/form/form-alert";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import { validateOtp } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/api-error";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { OtpField, ResendCodeButton } from "./otp-field";

/** Where the code went: the chosen channel, else whichever the account has. */
export function otpDestination(user: PendingUser, verificationType?: VerificationType): string {
  if (verificationType === "MOBILE" && user.mobileNumber) return user.mobileNumber;
  if (verificationType === "EMAIL" && user.email) return user.email;
  return user.email || user.mobileNumber || "";
}

/** Codes that belong under the code field rather than above the form. */
const OTP_FIELD_CODES = new Set(["INVALID_OR_EXPIRED_OTP", "VERIFIED_OR_OTP_DELETED", "VALIDATION_FAILED"]);

interface OtpFormProps {
  user: PendingUser;
  verificationType?: VerificationType;
  /** Called with the platform's answer (tokens; the session cookies are set). */
  onVerified: (response: AuthResponse) => void;
}

/** Account verification: the 6-digit code sent after registration (or to an unverified account at sign-in). */
/** "Enter the code we sent to …" (and, for e-mail, a hint to look in the spam folder). */
export function OtpSentNotice({ user, verificationType }: { user: PendingUser; verificationType?: VerificationType }) {
  const { t } = useTranslation();
  const destination = otpDestination(user, verificationType);
  return (
    <>
      <Text>{destination ? t("auth:otp.sent", { destination }) : t("auth:otp.sent_generic")}</Text>
      {destination.includes("@") ? (
        <Text fontSize="sm" color="gray.600">
          {t("auth:otp.spam_hint")}
        </Text>
      ) : null}
    </>
  );
}

const otpResolver = lazyYupResolver<{ otp: string }>(() => import("@/contracts/auth.schema").then((m) => m.otpSchema));

export function OtpForm({ user, verificationType, onVerified }: OtpFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ otp: string }>({ resolver: otpResolver, defaultValues: { otp: "" } });

  const submit = handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      onVerified(await validateOtp(await loadBrowserClient(), { ...codeSubjectOf(user, verificationType), otp }));
    } catch (error) {
      const { code, fieldErrors } = ApiError.from(error);
      if (fieldErrors?.otp) setError("otp", { type: "server", message: fieldErrors.otp });
      else if (OTP_FIELD_CODES.has(code)) setError("otp", { type: "server", message: `auth:codes.${code.toLowerCase()}` });
      else setFailure(apiErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} onFocus={otpResolver.preload} noValidate>
      <Stack gap={4}>
        <OtpSentNotice user={user} verificationType={verificationType} />
        <FormAlert title={failure ?? undefined} />
        <Controller
          control={control}
          name="otp"
          render={({ field }) => <OtpField name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.otp?.message} autoFocus />}
        />
        <Stack direction={{ base: "column", sm: "row" }} gap={3} align={{ sm: "center" }} wrap="wrap">
          <Button type="submit" loading={isSubmitting}>
            {t("auth:otp.submit")}
          </Button>
          <ResendCodeButton subject={codeSubjectOf(user, verificationType)} action={0} />
        </Stack>
      </Stack>
    </form>
  );
}
