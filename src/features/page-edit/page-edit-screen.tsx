import { Box, Button, Container, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Checkbox } from "@/components/ui/chakra/checkbox";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import { Field } from "@/components/ui/chakra/field";
import { yupResolver } from "@hookform/resolvers/yup";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { PAGE_MSG, pageFormSchema, type PageFormValues } from "@/contracts/page.schema";
import type { LayoutData } from "@/contracts/layout";
import { FormAlert, RadioField, TextAreaField, TextField, useFieldTexts } from "@/components/form/fields";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { groupHref } from "@/lib/group-link";
import { ControlledSelect } from "./controlled-select";
import { GalleryField } from "./gallery-field";
import type { PageEditProps } from "./page-edit.ssr";
import { emptyPageForm, isStaleVersion, otherFieldErrors, pageToFormValues, parentOptions, savePage, serverFieldErrors } from "./page-form-model";
import { SocialPreviewField } from "./social-preview-field";
import { useUnsavedChangesWarning } from "@/lib/forms/use-unsaved-changes";

/** The editor (Tiptap, ~100 kB) loads on these screens only, in the browser. */
const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor").then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <Box minH="28rem" borderWidth="1px" borderRadius="md" bg="white" aria-busy="true" />,
});

const resolver = yupResolver(pageFormSchema) as unknown as Resolver<PageFormValues>;

const SWITCHES = ["sticky", "showInMenu", "showInFooter", "allowComments"] as const;
const SWITCH_LABELS: Record<(typeof SWITCHES)[number], string> = {
  sticky: "editor:form.sticky",
  showInMenu: "editor:form.show_in_menu",
  showInFooter: "editor:form.show_in_footer",
  allowComments: "editor:form.allow_comments",
};

interface ContentFieldProps {
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
}

function ContentField({ value, onChange, onBlur, error, onUploadingChange }: ContentFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const message = translateMessage(t, error);
  const { ids, describedBy } = useFieldTexts(false, !!message);
  return (
    <Field.Root invalid={!!message} required ids={ids}>
      <Text id={labelId} fontWeight="medium" fontSize="sm" mb={1.5}>
        {t("editor:form.content")}
        <Text as="span" color="red.600" aria-hidden="true" ms={1}>
          *
        </Text>
      </Text>
      <Box width="100%">
        <RichTextEditor
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          labelId={labelId}
          describedBy={describedBy["aria-describedby"]}
          invalid={!!message}
          onUploadingChange={onUploadingChange}
        />
      </Box>
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

/** `/page/create` and `/page/edit/{id}`: the page form (editors of the current tree only). */
export function PageEditScreen({ page, userGroupId, languageId, layout }: PageEditProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const isEdit = page !== null;
  const linkPrefix = layout.currentGroup.linkPrefix;
  const initial = useMemo(() => (page ? pageToFormValues(page) : emptyPageForm()), [page]);
  const [failure, setFailure] = useState<string | null>(null);
  /** Translated field errors of a failed save that no field of the form shows. */
  const [failureDetails, setFailureDetails] = useState<string[]>([]);
  /** Uploads under way: saving waits for them (their files would be missing from the page). */
  const [uploading, setUploading] = useState(0);
  const trackUpload = useCallback((busy: boolean) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1))), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PageFormValues>({ resolver, defaultValues: initial });
  const { allowLeave } = useUnsavedChangesWarning(isDirty, t("editor:form.unsaved_confirm"));

  const pageType = useWatch({ control, name: "pageType" });
  const parents = useMemo(() => {
    const options = parentOptions(layout.pageTree, t("editor:form.no_parent"), page?.id);
    // A parent left out of the tree (not shown in the sidebar) stays selectable as it is.
    if (page && page.parentId !== 0 && !options.some((o) => o.value === String(page.parentId))) {
      options.splice(1, 0, { value: String(page.parentId), label: t("editor:form.hidden_parent", { id: page.parentId }) });
    }
    return options;
  }, [layout.pageTree, page, t]);
  const cancelHref = groupHref(linkPrefix, page ? `/page/show/${page.id}` : "/");

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      setFailureDetails([]);
      try {
        const result = await savePage(values, { client: getBrowserClient(), pageId: page?.id ?? null, initial, tree: layout.pageTree, userGroupId, languageId, version: page?.version });
        notify.success(t(isEdit ? "editor:form.updated" : "editor:form.created"));
        if (result.partialFailure) notify.error(t(result.partialFailure === "gallery" ? "editor:form.gallery_remove_failed" : "editor:form.move_failed"));
        allowLeave();
        await router.push(groupHref(linkPrefix, `/page/show/${result.id}`));
      } catch (error) {
        // The platform answers translation keys (contracts/field-errors.ts): the fields translate them.
        for (const [field, message] of serverFieldErrors(error)) setError(field as FieldPath<PageFormValues>, { type: "server", message });
        if (isStaleVersion(error)) {
          // Someone saved the page meanwhile: the form keeps this person's edits; the message says what to do.
          const stale = t(PAGE_MSG.staleVersion);
          setFailureDetails([]);
          setFailure(stale);
          notify.error(stale);
          return;
        }
        setFailureDetails(
          otherFieldErrors(error).map(([field, key]) => {
            const message = translateMessage(t, key) ?? "";
            return field === "socialPreview" ? `${t("editor:form.social_preview")}: ${message}` : message;
          }),
        );
        const message = `${t(isEdit ? "editor:form.update_error" : "editor:form.create_error")} ${apiErrorMessage(t, error)}`;
        setFailure(message);
        notify.error(message);
      }
    },
    () => setFailure(t("editor:form.fix_errors")),
  );

  const title = t(isEdit ? "editor:form.edit_title" : "editor:form.create_title");

  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={6}>
          {title}
        </PageTitle>
        <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
          <Stack gap={6}>
            <FormAlert title={failure ?? undefined}>
              {failure && failureDetails.length > 0 ? (
                <Box as="ul" listStyleType="disc" ps={5}>
                  {failureDetails.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </Box>
              ) : null}
            </FormAlert>
            <TextField label={t("editor:form.title")} registration={register("title")} error={errors.title?.message} required inputProps={{ maxLength: 200 }} />
            <Controller
              control={control}
              name="pageType"
              render={({ field }) => (
                <RadioField
                  label={t("editor:form.page_type")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.pageType?.message}
                  options={[
                    { value: "Content", label: t("editor:form.type_content") },
                    { value: "Redirect", label: t("editor:form.type_redirect") },
                  ]}
                />
              )}
            />
            {pageType === "Redirect" ? (
              <TextField
                label={t("editor:form.url")}
                registration={register("url")}
                error={errors.url?.message}
                required
                helperText={t("editor:form.url_help")}
                inputProps={{ type: "text", inputMode: "url", autoComplete: "off", spellCheck: false }}
              />
            ) : (
              <Controller
                control={control}
                name="content"
                render={({ field }) => (
                  <ContentField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.content?.message} onUploadingChange={trackUpload} />
                )}
              />
            )}
            {pageType === "Content" && <GalleryField control={control} register={register} errors={errors.gallery} onUploadingChange={trackUpload} />}
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                {t("editor:form.metadata")}
              </Fieldset.Legend>
              <Stack gap={5} mt={3}>
                <ControlledSelect
                  control={control}
                  name="parentId"
                  label={t("editor:form.parent")}
                  error={errors.parentId?.message}
                  options={parents}
                  helperText={isEdit ? t("editor:form.parent_help_edit") : undefined}
                />
                <TextAreaField label={t("editor:form.description")} registration={register("description")} error={errors.description?.message} rows={3} helperText={t("editor:form.description_help")} />
                <Controller control={control} name="socialPreview" render={({ field }) => <SocialPreviewField value={field.value} onChange={field.onChange} onUploadingChange={trackUpload} />} />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
                  {SWITCHES.map((name) => (
                    <Controller
                      key={name}
                      control={control}
                      name={name}
                      render={({ field }) => (
                        <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} name={field.name}>
                          <Checkbox.HiddenInput onBlur={field.onBlur} />
                          <Checkbox.Control />
                          <Checkbox.Label>{t(SWITCH_LABELS[name])}</Checkbox.Label>
                        </Checkbox.Root>
                      )}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Fieldset.Root>
            <HStack gap={3} wrap="wrap">
              <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText={t("form:saving")} disabled={uploading > 0} aria-describedby={uploading > 0 ? "page-form-uploading" : undefined}>
                {t(isEdit ? "editor:form.submit_update" : "editor:form.submit_create")}
              </Button>
              <AppLink href={cancelHref} px={3} py={2}>
                {t("form:cancel")}
              </AppLink>
              {uploading > 0 && (
                <Text id="page-form-uploading" fontSize="sm" color="gray.700">
                  {t("editor:form.wait_for_uploads")}
                </Text>
              )}
            </HStack>
          </Stack>
        </form>
      </Container>
    </>
  );
}
