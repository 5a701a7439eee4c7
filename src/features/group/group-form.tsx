import { Box, Button, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import { yupResolver } from "@hookform/resolvers/yup";
import useTranslation from "@/lib/i18n/use-translation";
import { useState, type ReactNode } from "react";
import { Controller, useForm, useWatch, type Control, type Resolver } from "react-hook-form";
import { languageIdFor } from "@site-config";
import type { GroupLanguageId, UserGroupEditData } from "@/contracts/group";
import { groupFieldOf, groupFormSchema, type GroupFormValues } from "@/contracts/group.schema";
import { FormAlert, RadioField, TextAreaField, TextField } from "@/components/form/fields";
import { ApiError } from "@/lib/api/api-error";
import { groupErrorMessage } from "@/lib/groups/group-error";
import { LogoField } from "./logo-field";

export const LANGUAGE_IDS = { en: languageIdFor("en") as GroupLanguageId, hi: languageIdFor("hi") as GroupLanguageId };

const resolver = yupResolver(groupFormSchema) as unknown as Resolver<GroupFormValues>;

export const EMPTY_GROUP_FORM: GroupFormValues = {
  nameEn: "",
  descriptionEn: "",
  nameHi: "",
  descriptionHi: "",
  nameLocal: "",
  webAddress: "",
  domainName: "",
  icon: null,
  allowUserToJoin: true,
  displayOrder: 0,
};

/** The form's values from what `GET edit/{id}` answers. */
export function formValuesOf(data: UserGroupEditData): GroupFormValues {
  const en = data.translation.find((tr) => tr.language === LANGUAGE_IDS.en);
  const hi = data.translation.find((tr) => tr.language === LANGUAGE_IDS.hi);
  return {
    nameEn: en?.name ?? "",
    descriptionEn: en?.description ?? "",
    nameHi: hi?.name ?? "",
    descriptionHi: hi?.description ?? "",
    nameLocal: data.nameLocal ?? "",
    webAddress: data.webAddress,
    domainName: data.domainName ?? "",
    icon: data.icon,
    allowUserToJoin: data.allowUserToJoin,
    displayOrder: data.displayOrder,
  };
}

/** The create/edit body from the form's (validated) values; Hindi only when it has a name. */
export function groupBodyOf(values: GroupFormValues): UserGroupEditData {
  const translation: UserGroupEditData["translation"] = [{ language: LANGUAGE_IDS.en, name: values.nameEn.trim(), description: values.descriptionEn.trim() }];
  if (values.nameHi.trim()) translation.push({ language: LANGUAGE_IDS.hi, name: values.nameHi.trim(), description: values.descriptionHi.trim() });
  return {
    translation,
    nameLocal: values.nameLocal.trim() || null,
    webAddress: values.webAddress.trim(),
    domainName: values.domainName.trim() || null,
    icon: values.icon ?? null,
    allowUserToJoin: values.allowUserToJoin,
    displayOrder: Number(values.displayOrder),
  };
}

/** Where the group will answer: its own domain, or `{site}/group/{slug}`. */
function AddressHint({ control, siteUrl }: { control: Control<GroupFormValues>; siteUrl: string }) {
  const { t } = useTranslation();
  const [slug, domain] = useWatch({ control, name: ["webAddress", "domainName"] });
  const address = domain?.trim() || `${siteUrl}/group/${slug?.trim() || "…"}`;
  return <>{t("group:edit.web_address_hint", { address })}</>;
}

interface GroupFormProps {
  initial: GroupFormValues;
  siteUrl: string;
  submitLabel: string;
  /** Saves; throws the failed call's error (fieldErrors are shown on the fields). */
  onSubmit: (values: GroupFormValues) => Promise<void>;
  /** Extra sections before the submit button (e.g. the first founders and moderators). */
  children?: ReactNode;
  /** Only administrators set the own domain (the platform keeps the stored one for founders): read-only otherwise. */
  canSetDomain?: boolean;
}

/** Names and descriptions per language, local name, logo, address, own domain, open/closed and display order. */
export function GroupForm({ initial, siteUrl, submitLabel, onSubmit, children, canSetDomain = true }: GroupFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GroupFormValues>({ resolver, defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldErrors = ApiError.from(error).fieldErrors ?? {};
      let shown = 0;
      for (const [key, message] of Object.entries(fieldErrors)) {
        const field = groupFieldOf(key, LANGUAGE_IDS);
        if (field) {
          setError(field, { type: "server", message }, { shouldFocus: shown === 0 });
          shown += 1;
        }
      }
      // A conflict without fieldErrors still belongs to its field.
      const code = ApiError.from(error).code;
      if (shown === 0 && code === "SLUG_TAKEN") {
        setError("webAddress", { type: "server", message: "group:errors.slug_taken" }, { shouldFocus: true });
      } else if (shown === 0 && code === "DOMAIN_TAKEN") {
        setError("domainName", { type: "server", message: "group:errors.domain_taken" }, { shouldFocus: true });
      }
      setFailure(groupErrorMessage(t, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={8}>
        <FormAlert title={failure ?? undefined} />
        <Box as="section" aria-labelledby="group-form-names">
          <Heading as="h2" id="group-form-names" size="lg" mb={2}>
            {t("group:edit.details")}
          </Heading>
          <Text color="gray.600" mb={4} fontSize="sm">
            {t("group:edit.language_hint")}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold" mb={3}>
                {t("group:edit.language_en")}
              </Fieldset.Legend>
              <Stack gap={4}>
                <TextField label={t("group:edit.name")} registration={register("nameEn")} error={errors.nameEn?.message} required inputProps={{ lang: "en" }} />
                <TextAreaField label={t("group:edit.description")} registration={register("descriptionEn")} error={errors.descriptionEn?.message} rows={5} />
              </Stack>
            </Fieldset.Root>
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold" mb={3}>
                {t("group:edit.language_hi")}
              </Fieldset.Legend>
              <Stack gap={4}>
                <TextField label={t("group:edit.name")} registration={register("nameHi")} error={errors.nameHi?.message} inputProps={{ lang: "hi" }} />
                <TextAreaField label={t("group:edit.description")} registration={register("descriptionHi")} error={errors.descriptionHi?.message} rows={5} />
              </Stack>
            </Fieldset.Root>
          </SimpleGrid>
        </Box>
        <Stack gap={5}>
          <TextField
            label={t("group:edit.name_local")}
            registration={register("nameLocal")}
            error={errors.nameLocal?.message}
            helperText={t("group:edit.name_local_hint")}
            inputProps={{ lang: "hi" }}
          />
          <Controller control={control} name="icon" render={({ field }) => <LogoField value={field.value ?? null} onChange={field.onChange} onBusyChange={setUploading} />} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <TextField
              label={t("group:edit.web_address")}
              registration={register("webAddress")}
              error={errors.webAddress?.message}
              helperText={<AddressHint control={control} siteUrl={siteUrl} />}
              required
              inputProps={{ autoCapitalize: "off", spellCheck: false }}
            />
            <TextField
              label={t("group:edit.domain")}
              registration={register("domainName")}
              error={errors.domainName?.message}
              helperText={canSetDomain ? t("group:edit.domain_hint") : t("group:edit.domain_admin_only")}
              inputProps={{ type: "url", inputMode: "url", placeholder: canSetDomain ? "https://" : undefined, readOnly: !canSetDomain }}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="allowUserToJoin"
            render={({ field }) => (
              <RadioField
                label={t("group:edit.joining")}
                name={field.name}
                value={field.value ? "open" : "closed"}
                onChange={(v) => field.onChange(v === "open")}
                orientation="vertical"
                options={[
                  { value: "open", label: t("group:edit.open") },
                  { value: "closed", label: t("group:edit.closed") },
                ]}
              />
            )}
          />
          <Box maxW="xs">
            <TextField
              label={t("group:edit.display_order")}
              registration={register("displayOrder")}
              error={errors.displayOrder?.message}
              helperText={t("group:edit.display_order_hint")}
              inputProps={{ type: "number", min: 0, step: 1, inputMode: "numeric" }}
            />
          </Box>
        </Stack>
        {children}
        <Box>
          <Button type="submit" size="lg" loading={isSubmitting} disabled={uploading}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
