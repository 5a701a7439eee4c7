import { Button, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import type { Gender, PendingUser, SignupRequest, VerificationType } from "@/contracts/auth";
import type { LayoutData } from "@/contracts/layout";
import { OtpDialog } from "@/components/auth/otp-dialog";
import { FormAlert, PasswordField, RadioField, SelectField, TextField } from "@/components/form/fields";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import { PhoneField } from "@/components/form/phone-field";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { signup } from "@/lib/api/auth";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, applyFieldErrors } from "@/lib/api/error-message";
import { safeForwardPath } from "@/lib/auth/forward";
import { useSession } from "@/components/auth/session-context";
import { groupHref } from "@/lib/group-link";
import { PROFESSIONS } from "@/lib/professions";
import { AuthCard } from "./auth-card";
import type { GuestScreenProps } from "./auth.ssr";

export interface RegisterValues {
  username: string;
  gender: Gender | "";
  email: string;
  mobileNumber: string;
  verificationType: VerificationType;
  password: string;
  confirmPassword: string;
  profession: string;
  institution: string;
  location: string;
}

const FIELDS = ["username", "gender", "email", "mobileNumber", "verificationType", "password", "confirmPassword", "profession", "institution", "location"] as const;

/** The channel the code goes to: the visitor chooses only when both an e-mail and a mobile number are given. */
export function effectiveVerificationType(values: Pick<RegisterValues, "email" | "mobileNumber" | "verificationType">): VerificationType {
  if (values.email && values.mobileNumber) return values.verificationType;
  return values.mobileNumber && !values.email ? "MOBILE" : "EMAIL";
}

const schemaResolver = lazyYupResolver<RegisterValues>(() => import("@/contracts/auth.schema").then((m) => m.signupSchema));
const registerResolver: Resolver<RegisterValues> = (values, context, options) =>
  schemaResolver({ ...values, verificationType: effectiveVerificationType(values) }, context, options);

function toRequest(values: RegisterValues): SignupRequest {
  const optional = (v: string) => v.trim() || null;
  return {
    username: values.username.trim(),
    gender: values.gender as Gender,
    email: optional(values.email),
    mobileNumber: optional(values.mobileNumber),
    verificationType: effectiveVerificationType(values),
    password: values.password,
    confirmPassword: values.confirmPassword,
    profession: optional(values.profession),
    institution: optional(values.institution),
    location: optional(values.location),
    latitude: null,
    longitude: null,
  };
}

/** /register: a new account, verified with a one-time code sent by e-mail or SMS. */
export function RegisterScreen({ forward, layout }: GuestScreenProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { refreshUser } = useSession();
  const prefix = layout.currentGroup.linkPrefix;
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<{ user: PendingUser; verificationType: VerificationType } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: registerResolver,
    defaultValues: {
      username: "",
      gender: "",
      email: "",
      mobileNumber: "",
      verificationType: "EMAIL",
      password: "",
      confirmPassword: "",
      profession: "",
      institution: "",
      location: "",
    },
  });
  const [email, mobileNumber] = useWatch({ control, name: ["email", "mobileNumber"] });

  const finish = () => {
    refreshUser();
    notify.success(t("auth:register.success"));
    void router.push(safeForwardPath(forward, "") || groupHref(prefix, "/"));
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const request = toRequest(values);
      const response = await signup(await loadBrowserClient(), request);
      if (response.verificationRequired && response.user) setPending({ user: response.user, verificationType: request.verificationType });
      else finish();
    } catch (error) {
      applyFieldErrors(error, FIELDS, setError);
      setFailure(apiErrorMessage(t, error));
    }
  });

  const loginHref = `${groupHref(prefix, "/login")}${forward ? `?forward=${encodeURIComponent(forward)}` : ""}`;
  return (
    <AuthCard title={t("auth:register.title")} wide>
      <form onSubmit={submit} onFocus={schemaResolver.preload} noValidate>
        <Stack gap={5}>
          <Text color="gray.700">{t("auth:register.intro")}</Text>
          <FormAlert title={failure ?? undefined} />
          <TextField label={t("user:fields.name")} registration={register("username")} error={errors.username?.message} inputProps={{ autoComplete: "name" }} required />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <RadioField
                label={t("user:fields.gender")}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                error={errors.gender?.message}
                options={[
                  { value: "Male", label: t("user:gender.male") },
                  { value: "Female", label: t("user:gender.female") },
                  { value: "Others", label: t("user:gender.other") },
                ]}
              />
            )}
          />
          <Text fontSize="sm" color="gray.700">
            {t("auth:register.contact_hint")}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <TextField
              label={t("user:fields.email")}
              registration={register("email")}
              error={errors.email?.message}
              inputProps={{ type: "email", autoComplete: "email", inputMode: "email" }}
            />
            <Controller
              control={control}
              name="mobileNumber"
              render={({ field }) => (
                <PhoneField
                  label={t("user:fields.mobile")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.mobileNumber?.message}
                  autoComplete="tel-national"
                />
              )}
            />
          </SimpleGrid>
          {email && mobileNumber ? (
            <Controller
              control={control}
              name="verificationType"
              render={({ field }) => (
                <RadioField
                  label={t("auth:register.verify_through")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.verificationType?.message}
                  options={[
                    { value: "EMAIL", label: t("user:fields.email") },
                    { value: "MOBILE", label: t("user:fields.mobile") },
                  ]}
                />
              )}
            />
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <PasswordField
              label={t("auth:register.password")}
              registration={register("password")}
              error={errors.password?.message}
              helperText={t("auth:register.password_hint")}
              autoComplete="new-password"
              required
            />
            <PasswordField
              label={t("auth:register.confirm_password")}
              registration={register("confirmPassword")}
              error={errors.confirmPassword?.message}
              autoComplete="new-password"
              required
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <SelectField
              label={t("user:fields.profession")}
              registration={register("profession")}
              error={errors.profession?.message}
              placeholder={t("form:select_placeholder")}
              options={PROFESSIONS.map((p) => ({ value: p, label: t(`user:profession.${p.toLowerCase()}`) }))}
            />
            <TextField
              label={t("user:fields.institution")}
              registration={register("institution")}
              error={errors.institution?.message}
              inputProps={{ autoComplete: "organization" }}
            />
          </SimpleGrid>
          <TextField
            label={t("user:fields.location")}
            registration={register("location")}
            error={errors.location?.message}
            helperText={t("auth:register.location_hint")}
            inputProps={{ autoComplete: "address-level2" }}
          />
          <Button type="submit" loading={isSubmitting} loadingText={t("auth:register.submitting")} width={{ base: "full", sm: "auto" }}>
            {t("auth:register.submit")}
          </Button>
          <Text>
            {t("auth:register.have_account")}{" "}
            <AppLink href={loginHref} color="teal.700" fontWeight="semibold">
              {t("auth:register.sign_in_link")}
            </AppLink>
          </Text>
        </Stack>
      </form>
      <OtpDialog user={pending?.user ?? null} verificationType={pending?.verificationType} onClose={() => setPending(null)} onVerified={finish} />
    </AuthCard>
  );
}
