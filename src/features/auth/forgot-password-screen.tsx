import { Button, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { codeSubjectOf, type PendingUser, type VerificationType } from "@/contracts/auth";
import type { LayoutData } from "@/contracts/layout";
import { OtpField, ResendCodeButton } from "@/components/auth/otp-field";
import { OtpSentNotice } from "@/components/auth/otp-form";
import { FormAlert, PasswordField } from "@/components/form/fields";
import { EmailOrMobileField } from "@/components/form/email-or-mobile-field";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { forgotPassword, resetPassword } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/api-error";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, applyFieldErrors } from "@/lib/api/error-message";
import { groupHref } from "@/lib/group-link";
import { AuthCard } from "./auth-card";
import type { GuestScreenProps } from "./auth.ssr";

interface RequestValues {
  method: VerificationType;
  verificationId: string;
}

interface ResetValues {
  otp: string;
  password: string;
  confirmPassword: string;
}

const requestResolver = lazyYupResolver<RequestValues>(() => import("@/contracts/auth.schema").then((m) => m.forgotPasswordSchema));
const resetResolver = lazyYupResolver<ResetValues>(() => import("@/contracts/auth.schema").then((m) => m.resetPasswordSchema));

function RequestCodeStep({ onSent }: { onSent: (user: PendingUser, method: VerificationType) => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RequestValues>({
    resolver: requestResolver,
    defaultValues: { method: "EMAIL", verificationId: "" },
  });

  const submit = handleSubmit(async ({ verificationId, method: chosen }) => {
    setFailure(null);
    try {
      const response = await forgotPassword(await loadBrowserClient(), { verificationId });
      if (!response.user) throw new ApiError(500, "USER_NOT_FOUND", "No account in the answer");
      onSent(response.user, chosen);
    } catch (error) {
      if (applyFieldErrors(error, ["verificationId"] as const, setError).length === 0) setFailure(apiErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} onFocus={requestResolver.preload} noValidate>
      <Stack gap={5}>
        <Text color="gray.700">{t("auth:forgot.intro")}</Text>
        <FormAlert title={failure ?? undefined} />
        <EmailOrMobileField
          control={control}
          register={register}
          methodName="method"
          valueName="verificationId"
          methodLabel={t("auth:forgot.method")}
          error={errors.verificationId?.message}
          onMethodChange={() => {
            setValue("verificationId", "");
            clearErrors("verificationId");
          }}
        />
        <Button type="submit" loading={isSubmitting} alignSelf="flex-start">
          {t("auth:forgot.submit")}
        </Button>
      </Stack>
    </form>
  );
}

function ResetStep({ user, method, onDone }: { user: PendingUser; method: VerificationType; onDone: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: resetResolver,
    defaultValues: { otp: "", password: "", confirmPassword: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(await loadBrowserClient(), { ...codeSubjectOf(user, method), ...values });
      onDone();
    } catch (error) {
      const { code } = ApiError.from(error);
      const applied = applyFieldErrors(error, ["otp", "password", "confirmPassword"] as const, setError);
      if (applied.length > 0) return;
      if (code === "INVALID_OR_EXPIRED_OTP" || code === "VERIFIED_OR_OTP_DELETED") setError("otp", { type: "server", message: `auth:codes.${code.toLowerCase()}` });
      else setFailure(apiErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} onFocus={resetResolver.preload} noValidate>
      <Stack gap={5}>
        <OtpSentNotice user={user} verificationType={method} />
        <FormAlert title={failure ?? undefined} />
        <Controller
          control={control}
          name="otp"
          render={({ field }) => <OtpField name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.otp?.message} autoFocus />}
        />
        <PasswordField
          label={t("auth:forgot.new_password")}
          registration={register("password")}
          error={errors.password?.message}
          helperText={t("auth:register.password_hint")}
          autoComplete="new-password"
          required
        />
        <PasswordField label={t("auth:register.confirm_password")} registration={register("confirmPassword")} error={errors.confirmPassword?.message} autoComplete="new-password" required />
        <Stack direction={{ base: "column", sm: "row" }} gap={3} align={{ sm: "center" }} wrap="wrap">
          <Button type="submit" loading={isSubmitting}>
            {t("auth:forgot.reset")}
          </Button>
          <ResendCodeButton subject={codeSubjectOf(user, method)} action={1} />
        </Stack>
      </Stack>
    </form>
  );
}

/** /register/forgotPassword: a code to the e-mail or mobile number, then a new password. */
export function ForgotPasswordScreen({ layout }: GuestScreenProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const [sent, setSent] = useState<{ user: PendingUser; method: VerificationType } | null>(null);

  const onDone = () => {
    notify.success(t("auth:forgot.success"));
    void router.push(groupHref(prefix, "/login"));
  };

  return (
    <AuthCard title={t(sent ? "auth:forgot.reset_title" : "auth:forgot.title")}>
      {sent ? <ResetStep user={sent.user} method={sent.method} onDone={onDone} /> : <RequestCodeStep onSent={(user, method) => setSent({ user, method })} />}
      <Text mt={6}>
        <AppLink href={groupHref(prefix, "/login")} color="teal.700" fontWeight="semibold">
          {t("auth:forgot.back_to_sign_in")}
        </AppLink>
      </Text>
    </AuthCard>
  );
}
