import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Checkbox } from "@/components/ui/chakra/checkbox";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useMemo, useState } from "react";
import { Controller, useForm, type FieldPath } from "react-hook-form";
import { languageIdFor } from "@site-config";
import {
  MASTER_SHORT_NAME,
  TEMPLATE_PERMISSIONS,
  TEMPLATE_PLATFORMS,
  flattenFields,
  type CCAField,
  type CCATemplate,
  type FieldType,
  type TemplateCreate,
  type TemplateLanguage,
  type TemplatePermission,
  type TemplatePlatform,
  type TemplateUpdate,
} from "@/contracts/template";
import type { TemplateMetaValues } from "@/contracts/template-rules";
import type { LayoutData } from "@/contracts/layout";
import { FormAlert, SelectField, TextAreaField, TextField } from "@/components/form/fields";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import { AppLink } from "@/components/ui/app-link";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { createTemplate, fetchTemplateValueCounts, pullMasterTranslation, updateTemplate } from "@/lib/api/templates";
import { useUnsavedChangesWarning } from "@/lib/forms/use-unsaved-changes";
import { groupHref } from "@/lib/group-link";
import { splitErrors, type FieldErrors } from "./template-errors";
import { destructiveChanges, findField, hasDestructiveChanges, impactOf, replaceField, appendField, type ImpactItem } from "./field-tree";
import type { TemplateEditProps } from "./template-edit.ssr";

/* /template/create and /template/edit/{shortName}: metadata, the field tree (with the master tree to
   copy from), the field dialog, translations, and comments. The tree, dialog and comments load with
   next/dynamic. */

const FieldTreeEditor = dynamic(() => import("./field-tree-editor"), { ssr: false, loading: () => <Box minH="10rem" aria-busy="true" /> });
const FieldDialog = dynamic(() => import("./field-dialog"), { ssr: false, loading: LazyFailure });
const TemplateActivity = dynamic(() => import("./template-activity"), { ssr: false });

const META_FIELDS = ["shortName", "name", "description", "parentName", "platform", "permissions"] as const;

const resolver = lazyYupResolver<TemplateMetaValues>(() => import("@/contracts/template-rules").then((m) => m.templateMetaSchema));

function metaOf(template: CCATemplate | null): TemplateMetaValues {
  return {
    shortName: template?.shortName ?? "",
    name: template?.name ?? "",
    description: template?.description ?? "",
    parentName: template?.parentName ?? null,
    platform: template?.platform ?? ["DESKTOP", "MOBILE"],
    permissions: template?.permissions ?? [],
  };
}

interface CheckboxListProps<V extends string> {
  legend: string;
  values: readonly V[];
  selected: readonly V[];
  onChange: (values: V[]) => void;
  labelOf: (v: V) => string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

function CheckboxList<V extends string>({ legend, values, selected, onChange, labelOf, error, helperText, disabled }: CheckboxListProps<V>) {
  const { t } = useTranslation();
  const message = translateMessage(t, error);
  return (
    <Fieldset.Root invalid={!!message} disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      {helperText && <Fieldset.HelperText>{helperText}</Fieldset.HelperText>}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2} mt={1}>
        {values.map((v) => (
          <Checkbox.Root
            key={v}
            checked={selected.includes(v)}
            disabled={disabled}
            onCheckedChange={(e) => onChange(e.checked === true ? [...selected, v] : selected.filter((s) => s !== v))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{labelOf(v)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      {message && <Fieldset.ErrorText>{message}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

type ScreenProps = TemplateEditProps & { layout: LayoutData };

/** A new template or another language starts a fresh editor (its state comes from the props). */
export function TemplateEditScreen(props: ScreenProps) {
  return <TemplateEditor key={`${props.template?.id ?? "new"}:${props.language}`} {...props} />;
}

function TemplateEditor({ template: loaded, masterFields, parents, language, layout }: ScreenProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const linkPrefix = layout.currentGroup.linkPrefix;
  const isEdit = loaded !== null;
  const isTranslating = language !== "en";
  const [template, setTemplate] = useState(loaded);
  const [fields, setFields] = useState<CCAField[]>(loaded?.fields ?? []);
  const [savedFields, setSavedFields] = useState<CCAField[]>(loaded?.fields ?? []);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ field: CCAField; isNew: boolean } | null>(null);
  const [impact, setImpact] = useState<{ items: ImpactItem[]; values: TemplateMetaValues } | null>(null);
  const [busy, setBusy] = useState(false);
  // Kept beside the form's values (the metadata schema is shared with the platform's rules).
  const [needsReview, setNeedsReview] = useState(loaded?.needsReview === true);
  const [savedNeedsReview, setSavedNeedsReview] = useState(loaded?.needsReview === true);
  const masterTypes = useMemo(() => new Map<string, FieldType>(flattenFields(masterFields).map((f) => [f.fieldId, f.type])), [masterFields]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<TemplateMetaValues>({ resolver: isTranslating ? undefined : resolver, defaultValues: metaOf(loaded) });

  const fieldsDirty = useMemo(() => JSON.stringify(fields) !== JSON.stringify(savedFields), [fields, savedFields]);
  const dirty = isDirty || fieldsDirty || needsReview !== savedNeedsReview;
  const { allowLeave } = useUnsavedChangesWarning(dirty, t("template:editor.unsaved_confirm"));
  const languageName = t(`template:editor.languages.${language}`);

  const showFailure = (error: unknown, prefix: string) => {
    const { fields: byField, other } = splitErrors(ApiError.from(error).fieldErrors ?? {});
    setFieldErrors(byField);
    for (const [name, key] of Object.entries(other)) {
      if ((META_FIELDS as readonly string[]).includes(name)) setError(name as FieldPath<TemplateMetaValues>, { type: "server", message: key });
    }
    const problems = Object.values(byField).reduce((n, list) => n + list.length, 0);
    // Someone saved the template meanwhile (409): say so; the editor keeps this person's changes on screen.
    const stale = other.version ? translateMessage(t, other.version) : undefined;
    const message = `${prefix} ${stale ?? (problems ? t("template:editor.fix_fields", { count: problems }) : apiErrorMessage(t, error))}`;
    setFailure(message);
    notify.error(message);
  };

  const create = async (values: TemplateMetaValues) => {
    setBusy(true);
    try {
      const body: TemplateCreate & { needsReview: boolean } = { ...values, parentName: values.parentName || null, language: "en", fields: [], needsReview };
      const created = await createTemplate(getBrowserClient(), body);
      notify.success(t("template:meta.created"));
      allowLeave();
      await router.push(groupHref(linkPrefix, `/template/edit/${encodeURIComponent(created.shortName)}`));
    } catch (error) {
      showFailure(error, t("template:meta.create_error"));
    } finally {
      setBusy(false);
    }
  };

  const save = async (values: TemplateMetaValues) => {
    if (!template) return;
    setBusy(true);
    setImpact(null);
    try {
      const body: TemplateUpdate & { needsReview: boolean } = {
        ...values,
        id: template.id,
        shortName: template.shortName,
        parentName: values.parentName || null,
        language,
        fields,
        version: template.version,
        needsReview,
      };
      const answer = await updateTemplate(getBrowserClient(), body);
      setTemplate(answer);
      setFields(answer.fields);
      setSavedFields(answer.fields);
      setNeedsReview(answer.needsReview === true);
      setSavedNeedsReview(answer.needsReview === true);
      setFieldErrors({});
      setFailure(null);
      reset(metaOf(answer));
      notify.success(t("template:editor.saved"));
    } catch (error) {
      showFailure(error, t("template:editor.save_error"));
    } finally {
      setBusy(false);
    }
  };

  /** Before a save that removes fields or options or changes a type, ask when records hold those values. */
  const checkThenSave = async (values: TemplateMetaValues) => {
    setFailure(null);
    if (!template) return create(values);
    const changes = destructiveChanges(savedFields, fields);
    if (isTranslating || !hasDestructiveChanges(changes)) return save(values);
    setBusy(true);
    let items: ImpactItem[];
    try {
      items = impactOf(changes, await fetchTemplateValueCounts(getBrowserClient(), template.shortName));
    } catch (error) {
      setBusy(false);
      const message = `${t("template:impact.counts_error")} ${apiErrorMessage(t, error)}`;
      setFailure(message);
      notify.error(message);
      return;
    }
    setBusy(false);
    if (items.length === 0) return save(values);
    setImpact({ items, values });
  };

  const submit = handleSubmit(checkThenSave, () => setFailure(t("template:meta.fix_errors")));

  const pull = async () => {
    if (!template) return;
    setBusy(true);
    try {
      const answer = await pullMasterTranslation(getBrowserClient(), template.id, language);
      setFields(answer.fields);
      notify.info(t("template:editor.pulled"));
    } catch (error) {
      notify.error(`${t("template:editor.pull_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(false);
    }
  };

  const switchLanguage = (next: TemplateLanguage) => {
    if (!template || next === language) return;
    void router.push({ pathname: router.pathname, query: { ...router.query, language: next } });
  };

  /** The name of a field of the saved tree (the impact prompt names fields that may be gone). */
  const nameOf = (fieldId: string) => findField(savedFields, fieldId)?.name || fieldId;
  const title = isEdit ? t("template:meta.edit_title", { name: template?.name || loaded.shortName }) : t("template:meta.create_title");

  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="7xl" py={{ base: 6, md: 10 }}>
        <Stack direction={{ base: "column", md: "row" }} justify="space-between" align={{ md: "flex-end" }} gap={4} mb={6}>
          <Box minW={0}>
            <PageTitle overflowWrap="anywhere">
              {title}
            </PageTitle>
            {isEdit && (
              <HStack gap={2} mt={2} aria-live="polite">
                {dirty ? (
                  <Badge colorPalette="orange" data-testid="unsaved-marker">
                    {t("template:editor.unsaved")}
                  </Badge>
                ) : (
                  <Text fontSize="sm" color="gray.600">
                    {t("template:editor.all_saved")}
                  </Text>
                )}
              </HStack>
            )}
          </Box>
          {isEdit && (
            <Box>
              <Text asChild fontSize="sm" fontWeight="medium" display="block" mb={1}>
                <label htmlFor="template-language">{t("template:editor.language")}</label>
              </Text>
              <NativeSelect.Root size="sm" width="12rem">
                <NativeSelect.Field id="template-language" bg="white" value={language} onChange={(e) => switchLanguage(e.target.value as TemplateLanguage)}>
                  {(["en", "hi"] as const).map((l) => (
                    <option key={l} value={l}>
                      {t(`template:editor.languages.${l}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
          )}
        </Stack>
        {isTranslating && (
          <Box bg="blue.50" borderWidth="1px" borderColor="blue.200" borderRadius="md" p={3} mb={4}>
            <Text>{t("template:editor.translating")}</Text>
          </Box>
        )}
        <form onSubmit={submit} noValidate aria-busy={busy} onFocus={resolver.preload}>
          <Stack gap={6}>
            <FormAlert title={failure ?? undefined} />
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                {t("template:meta.section")}
              </Fieldset.Legend>
              {isTranslating && <Fieldset.HelperText>{t("template:meta.translation_only")}</Fieldset.HelperText>}
              <SimpleGrid columns={{ base: 1, md: 2 }} gap={5} mt={3}>
                <TextField
                  label={t("template:meta.short_name")}
                  registration={register("shortName")}
                  error={errors.shortName?.message}
                  required
                  helperText={isEdit ? t("template:meta.short_name_fixed") : t("template:meta.short_name_help")}
                  inputProps={{ maxLength: 60, autoComplete: "off", spellCheck: false, readOnly: isEdit }}
                />
                <TextField label={t("template:meta.name")} registration={register("name")} error={errors.name?.message} required={!isTranslating} inputProps={{ maxLength: 200 }} />
                {!isTranslating && (
                  <>
                <SelectField
                  label={t("template:meta.parent")}
                  registration={register("parentName")}
                  error={errors.parentName?.message}
                  disabled={isTranslating}
                  placeholder={t("template:meta.no_parent")}
                  options={parents.map((p) => ({ value: p.shortName, label: `${p.name} (${p.shortName})` }))}
                />
                <Controller
                  control={control}
                  name="platform"
                  render={({ field }) => (
                    <CheckboxList<TemplatePlatform>
                      legend={t("template:meta.platform")}
                      values={TEMPLATE_PLATFORMS}
                      selected={(field.value ?? []) as TemplatePlatform[]}
                      onChange={field.onChange}
                      labelOf={(v) => t(`template:meta.platforms.${v}`)}
                      error={errors.platform?.message}
                      disabled={isTranslating}
                    />
                  )}
                />
                  </>
                )}
              </SimpleGrid>
              <Stack gap={5} mt={5}>
                <TextAreaField label={t("template:meta.description")} registration={register("description")} error={errors.description?.message} required={!isTranslating} rows={3} />
                {!isTranslating && (
                <Controller
                  control={control}
                  name="permissions"
                  render={({ field }) => (
                    <CheckboxList<TemplatePermission>
                      legend={t("template:meta.permissions")}
                      helperText={t("template:meta.permissions_help")}
                      values={TEMPLATE_PERMISSIONS}
                      selected={(field.value ?? []) as TemplatePermission[]}
                      onChange={field.onChange}
                      labelOf={(v) => t(`template:meta.roles.${v}`)}
                      error={errors.permissions?.message}
                      disabled={isTranslating}
                    />
                  )}
                />
                )}
                {!isTranslating && (
                  <Checkbox.Root checked={needsReview} onCheckedChange={(e) => setNeedsReview(e.checked === true)} alignItems="flex-start" data-testid="template-needs-review">
                    <Checkbox.HiddenInput aria-describedby="template-needs-review-help" />
                    <Checkbox.Control mt={0.5} />
                    <Checkbox.Label>
                      {t("template:meta.needs_review")}
                      <Text as="span" id="template-needs-review-help" display="block" fontWeight="normal" fontSize="sm" color="gray.700">
                        {t("template:meta.needs_review_help")}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            </Fieldset.Root>

            {isEdit && (
              <Box as="section" aria-labelledby="fields-title">
                <HStack justify="space-between" wrap="wrap" gap={3} mb={3}>
                  <Heading as="h2" id="fields-title" size="xl">
                    {t("template:editor.fields_title")}
                    {fieldsDirty && (
                      <Text as="span" fontSize="md" color="orange.700" ms={2}>
                        ({t("template:editor.unsaved")})
                      </Text>
                    )}
                  </Heading>
                  {isTranslating && template?.shortName !== MASTER_SHORT_NAME && (
                    <Button size="sm" variant="outline" onClick={() => void pull()} disabled={busy} title={t("template:editor.pull_help")}>
                      {t("template:editor.pull")}
                    </Button>
                  )}
                </HStack>
                <FieldTreeEditor
                  fields={fields}
                  onChange={setFields}
                  masterFields={masterFields}
                  isTranslating={isTranslating}
                  errors={fieldErrors}
                  onAdd={() => void import("./field-dialog").then((m) => setDialog({ field: m.emptyField(), isNew: true }))}
                  onEdit={(field) => setDialog({ field, isNew: false })}
                />
              </Box>
            )}

            <HStack gap={3} wrap="wrap" position="sticky" bottom={0} bg="gray.50" py={3} zIndex={1}>
              <Button type="submit" colorPalette="teal" loading={busy} loadingText={t("template:editor.saving")}>
                {isEdit ? t("template:editor.save") : t("template:meta.create_submit")}
              </Button>
              <Button asChild variant="ghost">
                <AppLink href={groupHref(linkPrefix, "/template/list")}>{t("form:cancel")}</AppLink>
              </Button>
            </HStack>
          </Stack>
        </form>
        {template && <TemplateActivity templateId={template.id} languageId={languageIdFor(router.locale)} linkPrefix={linkPrefix} />}
      </Container>

      {dialog && (
        <FieldDialog
          field={dialog.field}
          isNew={dialog.isNew}
          isTranslating={isTranslating}
          languageName={languageName}
          masterFields={masterTypes}
          serverErrors={Object.fromEntries((fieldErrors[dialog.field.fieldId] ?? []).map((e) => [e.property, e.key]))}
          onClose={() => setDialog(null)}
          onSave={(field) => {
            setFields((tree) => (dialog.isNew ? appendField(tree, field) : replaceField(tree, field)));
            setFieldErrors(({ [field.fieldId]: _cleared, ...rest }) => rest);
            setDialog(null);
          }}
        />
      )}

      <Modal
        open={impact !== null}
        onClose={() => setImpact(null)}
        role="alertdialog"
        title={t("template:impact.title")}
        description={t("template:impact.body")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setImpact(null)}>
              {t("template:impact.cancel")}
            </Button>
            <Button colorPalette="red" loading={busy} onClick={() => impact && void save(impact.values)}>
              {t("template:impact.confirm")}
            </Button>
          </HStack>
        }
      >
        <Box as="ul" ps={5} listStyleType="disc" data-testid="impact-list">
          {impact?.items.map((item) => (
            <li key={`${item.kind}:${item.fieldId}:${item.value ?? ""}`}>
              {t(`template:impact.${item.kind}`, { name: nameOf(item.fieldId), value: item.value ?? "", count: item.records })}
            </li>
          ))}
        </Box>
      </Modal>
    </>
  );
}
