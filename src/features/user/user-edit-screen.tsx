import { Box, Button, Container, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Checkbox } from "@/components/ui/chakra/checkbox";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import { Tabs } from "@/components/ui/chakra/tabs";
import { yupResolver } from "@hookform/resolvers/yup";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import type { Gender } from "@/contracts/auth";
import { changePasswordSchema, userDetailsSchema } from "@/contracts/auth.schema";
import type { Role, UserProfile } from "@/contracts/user";
import type { LayoutData } from "@/contracts/layout";
import { FormAlert, PasswordField, SelectField, TextAreaField, TextField } from "@/components/form/fields";
import { PhoneField } from "@/components/form/phone-field";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { changePassword } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, applyFieldErrors } from "@/lib/api/error-message";
import { updateUserDetails, updateUserRoles } from "@/lib/api/users";
import { groupHref } from "@/lib/group-link";
import { PROFESSIONS } from "@/lib/professions";
import { roleKey } from "./user-list-query";
import type { UserEditProps } from "./user-edit.ssr";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

interface AboutValues {
  name: string;
  sexType: Gender | "";
  occupation: string;
  institution: string;
  location: string;
  aboutMe: string;
  website: string;
  email: string;
  mobileNumber: string;
}

const ABOUT_FIELDS = ["name", "sexType", "occupation", "institution", "location", "aboutMe", "website", "email", "mobileNumber"] as const;

const aboutSchemaResolver = yupResolver(userDetailsSchema) as unknown as Resolver<AboutValues>;
/** Empty optional fields travel as null (the schema's url/email/mobile checks skip them). */
const aboutResolver: Resolver<AboutValues> = (values, context, options) =>
  aboutSchemaResolver(
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === "name" ? v : v === "" ? null : v])) as unknown as AboutValues,
    context,
    options,
  );

function AboutTab({ profile, isAdmin }: { profile: UserProfile; isAdmin: boolean }) {
  const { t } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AboutValues>({
    resolver: aboutResolver,
    defaultValues: {
      name: profile.name,
      sexType: profile.sexType ?? "",
      occupation: profile.occupation ?? "",
      institution: profile.institution ?? "",
      location: profile.location ?? "",
      aboutMe: profile.aboutMe ?? "",
      website: profile.website ?? "",
      email: profile.email ?? "",
      mobileNumber: profile.mobileNumber ?? "",
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const optional = (v: string) => v.trim() || null;
    try {
      await updateUserDetails(getBrowserClient(), {
        id: profile.id,
        name: values.name.trim(),
        sexType: values.sexType || null,
        occupation: optional(values.occupation),
        institution: optional(values.institution),
        location: optional(values.location),
        aboutMe: optional(values.aboutMe),
        website: optional(values.website),
        // Only admins may change contact details; the platform ignores them from anyone else.
        ...(isAdmin ? { email: optional(values.email), mobileNumber: optional(values.mobileNumber) } : {}),
      });
      notify.success(t("user:update_success"));
      // Fresh server data (the profile and, for one's own name, the chrome).
      void refresh({ page: true });
    } catch (error) {
      applyFieldErrors(error, ABOUT_FIELDS, setError);
      setFailure(apiErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={5}>
        <FormAlert title={failure ?? undefined} />
        <TextField label={t("user:fields.name")} registration={register("name")} error={errors.name?.message} inputProps={{ autoComplete: "name" }} required />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          <SelectField
            label={t("user:fields.gender")}
            registration={register("sexType")}
            error={errors.sexType?.message}
            placeholder={t("form:select_placeholder")}
            options={[
              { value: "Male", label: t("user:gender.male") },
              { value: "Female", label: t("user:gender.female") },
              { value: "Others", label: t("user:gender.other") },
            ]}
          />
          <SelectField
            label={t("user:fields.profession")}
            registration={register("occupation")}
            error={errors.occupation?.message}
            placeholder={t("form:select_placeholder")}
            options={[
              ...PROFESSIONS.map((p) => ({ value: p, label: t(`user:profession.${p.toLowerCase()}`) })),
              // A value saved before (free text) stays selectable.
              ...(profile.occupation && !(PROFESSIONS as readonly string[]).includes(profile.occupation) ? [{ value: profile.occupation, label: profile.occupation }] : []),
            ]}
          />
          <TextField label={t("user:fields.institution")} registration={register("institution")} error={errors.institution?.message} inputProps={{ autoComplete: "organization" }} />
          <TextField label={t("user:fields.location")} registration={register("location")} error={errors.location?.message} />
        </SimpleGrid>
        <TextField
          label={t("user:fields.website")}
          registration={register("website")}
          error={errors.website?.message}
          inputProps={{ type: "url", inputMode: "url", placeholder: "https://" }}
        />
        <TextAreaField label={t("user:fields.bio")} registration={register("aboutMe")} error={errors.aboutMe?.message} rows={5} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          <TextField
            label={t("user:fields.email")}
            registration={register("email")}
            error={errors.email?.message}
            disabled={!isAdmin}
            helperText={isAdmin ? undefined : t("user:edit.contact_admin_only")}
            inputProps={{ type: "email", autoComplete: "email" }}
          />
          {isAdmin ? (
            <Controller
              control={control}
              name="mobileNumber"
              render={({ field }) => (
                <PhoneField label={t("user:fields.mobile")} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.mobileNumber?.message} />
              )}
            />
          ) : (
            <TextField
              label={t("user:fields.mobile")}
              registration={register("mobileNumber")}
              disabled
              helperText={t("user:edit.contact_admin_only")}
              inputProps={{ type: "tel" }}
            />
          )}
        </SimpleGrid>
        <Box>
          <Button type="submit" loading={isSubmitting}>
            {t("form:save")}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

const passwordSchemaResolver = yupResolver(changePasswordSchema) as unknown as Resolver<PasswordValues>;

function PasswordTab({ profile, askOldPassword }: { profile: UserProfile; askOldPassword: boolean }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver: Resolver<PasswordValues> = async (values, context, options) => {
    const result = await passwordSchemaResolver(values, context, options);
    if (askOldPassword && !values.oldPassword) {
      return { values: {}, errors: { ...result.errors, oldPassword: { type: "required", message: "form:required" } } };
    }
    return result;
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver, defaultValues: { oldPassword: "", newPassword: "", confirmNewPassword: "" } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await changePassword(getBrowserClient(), {
        id: profile.id,
        ...(askOldPassword ? { oldPassword: values.oldPassword } : {}),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      reset();
      notify.success(t("user:edit.password_changed"));
    } catch (error) {
      const applied = applyFieldErrors(error, ["oldPassword", "newPassword", "confirmNewPassword"] as const, setError);
      if (ApiError.from(error).code === "INVALID_PASSWORD" && askOldPassword) setError("oldPassword", { type: "server", message: "auth:codes.invalid_password" });
      else if (applied.length === 0) setFailure(apiErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={5} maxW="md">
        <FormAlert title={failure ?? undefined} />
        {/* Lets password managers pair the new password with the account. */}
        <input type="text" name="username" autoComplete="username" value={profile.email ?? profile.mobileNumber ?? ""} readOnly hidden />
        {askOldPassword ? (
          <PasswordField label={t("user:edit.old_password")} registration={register("oldPassword")} error={errors.oldPassword?.message} autoComplete="current-password" required />
        ) : (
          <Text color="gray.700">{t("user:edit.admin_password_hint")}</Text>
        )}
        <PasswordField
          label={t("user:edit.new_password")}
          registration={register("newPassword")}
          error={errors.newPassword?.message}
          helperText={t("auth:register.password_hint")}
          autoComplete="new-password"
          required
        />
        <PasswordField
          label={t("user:edit.confirm_password")}
          registration={register("confirmNewPassword")}
          error={errors.confirmNewPassword?.message}
          autoComplete="new-password"
          required
        />
        <Box>
          <Button type="submit" loading={isSubmitting}>
            {t("user:edit.change_password")}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

function PermissionsTab({ profile, roles }: { profile: UserProfile; roles: Role[] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>(() => profile.roles.map((r) => r.authority));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Every role the platform knows, and any the user holds that is not listed.
  const all = [...roles.map((r) => r.authority), ...profile.roles.map((r) => r.authority)].filter((a, i, list) => list.indexOf(a) === i);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await updateUserRoles(getBrowserClient(), { id: profile.id, roles: selected.map((authority) => ({ authority })) });
      notify.success(t("user:edit.roles_saved"));
    } catch (error) {
      setFailure(apiErrorMessage(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={5}>
      <FormAlert title={failure ?? undefined} />
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">{t("user:edit.roles")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("user:edit.roles_hint")}</Fieldset.HelperText>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2 }} gap={3} mt={3}>
          {all.map((authority) => (
            <li key={authority}>
              <Checkbox.Root
                checked={selected.includes(authority)}
                onCheckedChange={(e) => setSelected((s) => (e.checked === true ? [...s, authority] : s.filter((a) => a !== authority)))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`user:roles.${roleKey(authority)}`, undefined, { default: authority })}</Checkbox.Label>
              </Checkbox.Root>
            </li>
          ))}
        </SimpleGrid>
      </Fieldset.Root>
      <Box>
        <Button onClick={save} loading={saving}>
          {t("user:edit.save_roles")}
        </Button>
      </Box>
    </Stack>
  );
}

type TabName = "about" | "password" | "permissions";

/** /user/edit/{id}: about, password and (admins) permissions of an account. */
export function UserEditScreen({ profile, roles, isAdmin, isSelf, layout }: UserEditProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const tabs: TabName[] = isAdmin ? ["about", "password", "permissions"] : ["about", "password"];
  const requested = typeof router.query.tab === "string" ? (router.query.tab as TabName) : "about";
  const [tab, setTab] = useState<TabName>(tabs.includes(requested) ? requested : "about");

  return (
    <>
      <Head>
        <title>{t("user:edit.title", { name: profile.name })}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <HStack gap={4} mb={6} align="center">
          <UserAvatar name={profile.name} profilePic={profile.profilePic} size={64} />
          <Box minW={0}>
            <PageTitle overflowWrap="anywhere">
              {t("user:edit.title", { name: profile.name })}
            </PageTitle>
            <AppLink href={groupHref(prefix, `/user/show/${profile.id}`)} color="teal.700">
              {t("user:edit.view_profile")}
            </AppLink>
          </Box>
        </HStack>
        <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TabName)} variant="line" lazyMount>
            <Tabs.List mb={6} overflowX="auto">
              {tabs.map((name) => (
                <Tabs.Trigger key={name} value={name}>
                  {t(`user:edit.tabs.${name}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="about">
              <AboutTab profile={profile} isAdmin={isAdmin} />
            </Tabs.Content>
            <Tabs.Content value="password">
              <PasswordTab profile={profile} askOldPassword={isSelf || !isAdmin} />
            </Tabs.Content>
            {isAdmin ? (
              <Tabs.Content value="permissions">
                <PermissionsTab profile={profile} roles={roles} />
              </Tabs.Content>
            ) : null}
          </Tabs.Root>
        </Box>
      </Container>
    </>
  );
}
