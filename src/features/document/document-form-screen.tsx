import { Box, Button, Container, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Input } from "@/components/ui/chakra/input";
import { Textarea } from "@/components/ui/chakra/textarea";
import { useQuery } from "@tanstack/react-query";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type ReactNode } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { languageIdFor } from "@site-config";
import { lazyYupResolver } from "@/components/form/lazy-resolver";
import type { LayoutData } from "@/contracts/layout";
import { notify } from "@/components/ui/toaster";
import { BIB_FIELDS, documentFormBody, documentFormPath, itemTypeById, ITEM_TYPES, type BibValues, type DocumentFormValues, type MyUpload } from "@/contracts/document";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { createDocument, parseBibFile, updateDocument, uploadDocumentFile } from "@/lib/api/documents";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { fetchMembershipMap } from "@/lib/api/groups";
import { groupHref } from "@/lib/group-link";
import { LICENSE_LIST } from "@/shared/licenses";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import type { DocumentFormProps } from "./document-form.ssr";

// yup and the schema load when the visitor first focuses a field (or submits), not with the page.
const schemaResolver = lazyYupResolver<DocumentFormValues>(() => import("@/contracts/document.schema").then((m) => m.documentFormSchema));

const megabytes = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
/** The BibTeX import's refusals that carry their own text (a file too large, too many entries, too complex, busy). */
const BIB_REFUSALS = ["document:errors.bib_too_large", "document:errors.bib_too_many_entries", "document:errors.bib_too_slow", "document:errors.bib_busy"];

function Field({ id, label, required, error, children, hint }: { id: string; label: string; required?: boolean; error?: string; hint?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box>
      <label htmlFor={id}>
        <Text as="span" fontWeight="medium">
          {label}
          {required ? (
            <Text as="span" color="red.700" aria-hidden="true">
              {" "}
              *
            </Text>
          ) : null}
          {required ? <span className="cca-visually-hidden"> ({t("document:form.required")})</span> : null}
        </Text>
      </label>
      {children}
      {hint ? (
        <Text fontSize="sm" color="gray.600" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text role="alert" color="red.700" fontSize="sm" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function DocumentFormView({ edit, layout }: DocumentFormProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const base = useId();
  const prefix = layout.currentGroup.linkPrefix;
  const groupId = layout.currentGroup.id;
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<DocumentFormValues>({
    resolver: schemaResolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      itemTypeId: edit?.bibFieldData.itemTypeId ?? 12,
      title: edit?.bibFieldData.title ?? "",
      notes: edit?.notes ?? "",
      fromDate: edit?.fromDate?.slice(0, 10) ?? "",
      licenseId: edit?.licenseId ?? LICENSE_LIST[2]!.id,
      languageId: edit?.languageId ?? languageIdFor(lang === "hi" ? "hi" : "en"),
      tags: (edit?.tags ?? []).map((x) => (typeof x === "string" ? x : x.name)).join(", "),
      bib: Object.fromEntries(BIB_FIELDS.filter((f) => edit?.bibFieldData[f]).map((f) => [f, edit!.bibFieldData[f]!])),
      source: edit && !edit.resourceURL && edit.externalUrl ? "url" : "file",
      resourceURL: edit?.resourceURL ?? null,
      externalUrl: edit?.externalUrl ?? "",
      groups: groupId && !edit ? [groupId] : [],
    },
  });
  const [itemTypeId, source, groups] = useWatch({ control, name: ["itemTypeId", "source", "groups"] });
  const [file, setFile] = useState<{ name: string; size: number } | null>(edit?.resourceURL ? { name: edit.resourceURL.split("/").pop() ?? "", size: 0 } : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [bibMessage, setBibMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const membership = useQuery({ queryKey: queryKeys.membershipMap(layout.user?.id), queryFn: () => fetchMembershipMap(getBrowserClient()), enabled: !edit && !!layout.user, retry: false });
  const isAdmin = layout.user?.roles.includes("ROLE_ADMIN") ?? false;
  const postable = edit ? [] : layout.groups.filter((g) => isAdmin || membership.data?.[String(g.id)]);
  const type = itemTypeById(Number(itemTypeId)) ?? ITEM_TYPES[0]!;
  const id = (name: string) => `${base}-${name}`;
  const messageAt = (path: string): string | undefined => {
    const parts = path.split(".");
    let node: unknown = errors;
    for (const part of parts) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    const message = node && typeof node === "object" ? (node as { message?: unknown }).message : undefined;
    return typeof message === "string" && message ? message : undefined;
  };
  const err = (path: string) => {
    const key = messageAt(path);
    return key ? translateMessage(t, key) : undefined;
  };
  const described = (path: string) => (messageAt(path) ? `${id(path.replace(".", "-"))}-error` : undefined);

  const upload = async (chosen: File) => {
    clearErrors("resourceURL");
    setProgress(0);
    try {
      const hash = `ibpmu-${Math.random().toString(36).slice(2, 12)}`;
      const res: MyUpload = await uploadDocumentFile(getBrowserClient(), chosen, hash, setProgress);
      setValue("resourceURL", res.path);
      setFile({ name: chosen.name, size: res.fileSize });
    } catch (error) {
      const e = ApiError.from(error);
      setError("resourceURL", { type: "server", message: e.status === 415 ? "document:errors.file_type" : e.status === 413 ? "document:errors.file_size" : "document:errors.upload" });
    } finally {
      setProgress(null);
    }
  };

  const importBib = async (file: File) => {
    setBibMessage(null);
    try {
      const data = await parseBibFile(getBrowserClient(), file);
      const bib: BibValues = {};
      for (const f of BIB_FIELDS) if (typeof data[f] === "string" && data[f]) bib[f] = data[f] as string;
      if (typeof data.itemTypeId === "number") setValue("itemTypeId", data.itemTypeId);
      if (typeof data.title === "string" && data.title) setValue("title", data.title);
      if (typeof data.notes === "string" && data.notes) setValue("notes", data.notes);
      if (Array.isArray(data.tags) && data.tags.length) setValue("tags", (data.tags as string[]).join(", "));
      setValue("bib", { ...getValues("bib"), ...bib });
      clearErrors();
      setBibMessage({ ok: true, text: t("document:form.bib_done") });
    } catch (error) {
      const e = ApiError.from(error);
      const key = e.fieldErrors?.file;
      const reason = key && BIB_REFUSALS.includes(key) ? t(key) : e.status === 400 ? e.message : apiErrorMessage(t, error);
      setBibMessage({ ok: false, text: `${t("document:form.bib_failed")} ${reason}` });
    }
  };

  const submit = async (values: DocumentFormValues) => {
    // The body the schema checked (documentBodySchema, the one the platform applies).
    const { userGroupId, ...body } = documentFormBody(values);
    try {
      const saved = edit ? await updateDocument(getBrowserClient(), { ...body, documentId: edit.documentId }) : await createDocument(getBrowserClient(), { ...body, userGroupId });
      notify.success(t("document:form.success"));
      await router.push(groupHref(prefix, `/document/show/${saved.document.id}`));
    } catch (error) {
      // The platform's field errors (translation keys) land on their fields.
      for (const [field, key] of Object.entries(ApiError.from(error).fieldErrors ?? {})) {
        const path = documentFormPath(field);
        if (path) setError(path as FieldPath<DocumentFormValues>, { type: "server", message: key });
      }
      notify.error(`${t("document:form.error")} ${apiErrorMessage(t, error)}`);
    }
  };

  const heading = edit ? t("document:form.edit_title") : t("document:form.create_title");
  return (
    <>
      <Head>
        <title>{heading}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 4, md: 8 }}>
        <PageTitle mb={6}>
          {heading}
        </PageTitle>
        <form noValidate onFocus={() => schemaResolver.preload()} onSubmit={(e) => void handleSubmit(submit, () => notify.error(t("document:form.check")))(e)}>
        <Stack gap={6}>
          <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
            <Text as="legend" fontWeight="semibold" px={1}>
              {t("document:form.file_section")}
            </Text>
            <HStack gap={4} mb={3} role="radiogroup" aria-label={t("document:form.source")}>
              {(["file", "url"] as const).map((s) => (
                <label key={s} className="cca-dl-opt">
                  <input type="radio" value={s} {...register("source")} />
                  {t(`document:form.source_${s}`)}
                </label>
              ))}
            </HStack>
            {source === "file" ? (
              <Field id={id("file")} label={t("document:form.file")} required error={err("resourceURL")} hint={t("document:form.file_hint")}>
                <input
                  id={id("file")}
                  type="file"
                  accept="application/pdf,.pdf,video/mp4,.mp4,video/quicktime,.mov,video/webm,.webm"
                  aria-describedby={messageAt("resourceURL") ? `${id("file")}-error` : `${id("file")}-hint`}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (f) void upload(f);
                  }}
                />
                {progress !== null ? (
                  <Box mt={2}>
                    <progress max={1} value={progress} aria-label={t("document:form.uploading")} style={{ width: "100%" }} />
                    <Text fontSize="sm" aria-live="polite">
                      {t("document:form.uploading")} {Math.round(progress * 100)}%
                    </Text>
                  </Box>
                ) : file ? (
                  <Text fontSize="sm" mt={2} role="status">
                    {t("document:form.attached", { name: file.name })}
                    {file.size ? ` (${megabytes(file.size)})` : ""}
                  </Text>
                ) : null}
              </Field>
            ) : (
              <Field id={id("externalUrl")} label={t("document:form.external_url")} required error={err("externalUrl")}>
                <Input id={id("externalUrl")} type="url" bg="white" aria-invalid={!!messageAt("externalUrl")} aria-describedby={described("externalUrl")} {...register("externalUrl")} />
              </Field>
            )}
          </Box>

          <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
            <Text as="legend" fontWeight="semibold" px={1}>
              {t("document:form.basic")}
            </Text>
            <Stack gap={4}>
              <Field id={id("bib")} label={t("document:form.bib_import")} hint={t("document:form.bib_hint")}>
                <input
                  id={id("bib")}
                  type="file"
                  accept=".bib,text/x-bibtex,text/plain"
                  aria-describedby={`${id("bib")}-hint`}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (f) void importBib(f);
                  }}
                />
                {bibMessage ? (
                  <Text role={bibMessage.ok ? "status" : "alert"} color={bibMessage.ok ? "green.800" : "red.700"} fontSize="sm" mt={1}>
                    {bibMessage.text}
                  </Text>
                ) : null}
              </Field>
              <Field id={id("itemTypeId")} label={t("document:form.type")} required error={err("itemTypeId")}>
                <select id={id("itemTypeId")} className="cca-doc-select" {...register("itemTypeId", { valueAsNumber: true })}>
                  {ITEM_TYPES.map((x) => (
                    <option key={x.id} value={x.id}>
                      {t(`document:types.${x.key}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={id("title")} label={t("document:form.title")} required error={err("title")}>
                <Input id={id("title")} bg="white" aria-invalid={!!messageAt("title")} aria-describedby={described("title")} {...register("title")} />
              </Field>
              <Field id={id("notes")} label={t("document:form.description")} error={err("notes")}>
                <Textarea id={id("notes")} bg="white" rows={4} aria-invalid={!!messageAt("notes")} aria-describedby={described("notes")} {...register("notes")} />
              </Field>
              <HStack gap={4} align="flex-start" wrap="wrap">
                <Field id={id("fromDate")} label={t("document:form.date")} error={err("fromDate")}>
                  <Input id={id("fromDate")} type="date" bg="white" aria-invalid={!!messageAt("fromDate")} aria-describedby={described("fromDate")} {...register("fromDate")} />
                </Field>
                <Field id={id("licenseId")} label={t("document:form.license")} required error={err("licenseId")}>
                  <select id={id("licenseId")} className="cca-doc-select" {...register("licenseId", { valueAsNumber: true })}>
                    {LICENSE_LIST.map((l) => (
                      <option key={l.id} value={l.id}>
                        {t(`document:license_names.${l.key}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={id("languageId")} label={t("document:form.language")}>
                  <select id={id("languageId")} className="cca-doc-select" {...register("languageId", { valueAsNumber: true })}>
                    <option value={205}>English</option>
                    <option value={206}>हिन्दी</option>
                  </select>
                </Field>
              </HStack>
              <Field id={id("tags")} label={t("document:form.tags")} hint={t("document:form.tags_hint")} error={err("tags")}>
                <Input id={id("tags")} bg="white" aria-invalid={!!messageAt("tags")} aria-describedby={described("tags") ?? `${id("tags")}-hint`} {...register("tags")} />
              </Field>
            </Stack>
          </Box>

          <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
            <Text as="legend" fontWeight="semibold" px={1}>
              {t("document:form.metadata")}
            </Text>
            <Stack gap={4}>
              {[...type.required, ...type.optional].map((f) => (
                <Field key={`${type.id}-${f}`} id={id(`bib-${f}`)} label={t(`document:fields.${f}`)} required={type.required.includes(f)} error={err(`bib.${f}`)}>
                  <Input id={id(`bib-${f}`)} bg="white" aria-invalid={!!messageAt(`bib.${f}`)} aria-describedby={described(`bib.${f}`)} {...register(`bib.${f}`)} />
                </Field>
              ))}
            </Stack>
          </Box>

          {postable.length ? (
            <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
              <Text as="legend" fontWeight="semibold" px={1}>
                {t("document:form.microsites")}
              </Text>
              <ul className="cca-dl-options">
                {postable.map((g) => (
                  <li key={g.id}>
                    <label className="cca-dl-opt">
                      <input
                        type="checkbox"
                        checked={groups.includes(g.id)}
                        onChange={() => setValue("groups", groups.includes(g.id) ? groups.filter((x) => x !== g.id) : [...groups, g.id])}
                      />
                      {lang === "hi" && g.nameLocal ? g.nameLocal : g.name}
                    </label>
                  </li>
                ))}
              </ul>
            </Box>
          ) : null}

          <HStack>
            <Button type="submit" colorPalette="teal" loading={isSubmitting} disabled={progress !== null}>
              {edit ? t("document:form.save") : t("document:form.create")}
            </Button>
          </HStack>
        </Stack>
        </form>
      </Container>
    </>
  );
}

/** /document/create and /document/edit/{id}: file or address, metadata with the type's required BibTeX fields, BibTeX import, microsites. */
export const DocumentFormScreen = withQueryClient(DocumentFormView);
