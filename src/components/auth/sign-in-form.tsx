import { Box, Button, Stack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { PendingUser, VerificationType } from "@/contracts/auth";
import { FormAlert, PasswordField } from "@/components/form/fields";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import { EmailOrMobileField } from "@/components/form/email-or-mobile-field";
import { AppLink } from "@/components/ui/app-link";
import { login } from "@/lib/api/auth";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, applyFieldErrors } from "@/lib/api/error-message";
import { groupHref } from "@/lib/group-link";
import { LazyOtpForm as OtpForm } from "./lazy-otp-form";
import { OtpDialog } from "./otp-dialog";

interface SignInValues {
  method: VerificationType;
  username: string;
  password: string;
}

export interface SignInFormProps {
  /** Called once signed in (the platform has set the session cookies). */
  onSignedIn: () => void;
  /** "dialog": an unverified account verifies in a dialog over the page; "inline": in place of the form (inside a modal). */
  otpPresentation: "dialog" | "inline";
  linkPrefix: string;
  /** The validated page to return to; carried by the register link. */
  forward?: string;
}

const signInResolver = lazyYupResolver<SignInValues>(() => import("@/contracts/auth.schema").then((m) => m.loginSchema));

/** Sign in with an e-mail address or a mobile number (India by default) and a password. */
export function SignInForm({ onSignedIn, otpPresentation, linkPrefix, forward }: SignInFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingUser | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { method: "EMAIL", username: "", password: "" },
  });

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      const response = await login(await loadBrowserClient(), { username, password });
      if (response.verificationRequired && response.user) {
        setPending(response.user);
        return;
      }
      onSignedIn();
    } catch (error) {
      const applied = applyFieldErrors(error, ["username", "password"] as const, setError);
      if (applied.length === 0) setFailure(apiErrorMessage(t, error));
    }
  });

  if (pending && otpPresentation === "inline") {
    return (
      <Stack gap={4}>
        <Text as="h3" fontWeight="semibold" fontSize="lg">
          {t("auth:otp.title")}
        </Text>
        <OtpForm user={pending} onVerified={onSignedIn} />
        <Box>
          <Button variant="ghost" size="sm" onClick={() => setPending(null)}>
            {t("common:actions.back")}
          </Button>
        </Box>
      </Stack>
    );
  }

  const forwardQuery = forward && forward !== "/" ? `?forward=${encodeURIComponent(forward)}` : "";
  return (
    <>
      <form onSubmit={submit} onFocus={signInResolver.preload} noValidate aria-label={t("auth:sign_in.title")}>
        <Stack gap={5}>
          <FormAlert title={failure ?? undefined} />
          <EmailOrMobileField
            control={control}
            register={register}
            methodName="method"
            valueName="username"
            methodLabel={t("auth:sign_in.method")}
            error={errors.username?.message}
            onMethodChange={() => {
              setValue("username", "");
              clearErrors("username");
            }}
          />
          <PasswordField label={t("auth:sign_in.password")} registration={register("password")} error={errors.password?.message} autoComplete="current-password" required />
          <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap={3}>
            <Button type="submit" loading={isSubmitting} loadingText={t("auth:sign_in.submitting")}>
              {t("auth:sign_in.submit")}
            </Button>
            <AppLink href={groupHref(linkPrefix, "/register/forgotPassword")} color="teal.700">
              {t("auth:sign_in.forgot_password")}
            </AppLink>
          </Stack>
          <Text>
            {t("auth:sign_in.no_account")}{" "}
            <AppLink href={`${groupHref(linkPrefix, "/register")}${forwardQuery}`} color="teal.700" fontWeight="semibold">
              {t("auth:sign_in.register_link")}
            </AppLink>
          </Text>
        </Stack>
      </form>
      {otpPresentation === "dialog" ? <OtpDialog user={pending} onClose={() => setPending(null)} onVerified={onSignedIn} /> : null}
    </>
  );
}
