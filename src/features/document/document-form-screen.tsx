import { Box, Button, Container, Heading, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "next-translate/useTranslation";
import { useId, useState, type ReactNode } from "react";
import { languageIdFor } from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import { notify } from "@/components/ui/toaster";
import { BIB_FIELDS, documentFieldErrors, itemTypeById, ITEM_TYPES, type BibField, type BibValues, type MyUpload } from "@/contracts/document";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { createDocument, parseBibFile, updateDocument, uploadDocumentFile } from "@/lib/api/documents";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { fetchMembershipMap } from "@/lib/api/groups";
import { groupHref } from "@/lib/group-link";
import { LICENSE_LIST } from "@/lib/licenses";
import { withQueryClient } from "@/lib/query/query-client";
import type { DocumentFormProps } from "./document-form.ssr";

interface FormState {
  itemTypeId: number;
  title: string;
  notes: string;
  fromDate: string;
  licenseId: number;
  languageId: number;
  tags: string;
  bib: BibValues;
  source: "file" | "url";
  file: { path: string; name: string; size: number; type: string } | null;
  externalUrl: string;
  groups: number[];
}

const megabytes = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

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
  const [state, setState] = useState<FormState>(() => ({
    itemTypeId: edit?.bibFieldData.itemTypeId ?? 12,
    title: edit?.bibFieldData.title ?? "",
    notes: edit?.notes ?? "",
    fromDate: edit?.fromDate?.slice(0, 10) ?? "",
    licenseId: edit?.licenseId ?? LICENSE_LIST[2]!.id,
    languageId: edit?.languageId ?? languageIdFor(lang === "hi" ? "hi" : "en"),
    tags: (edit?.tags ?? []).map((x) => (typeof x === "string" ? x : x.name)).join(", "),
    bib: Object.fromEntries(BIB_FIELDS.filter((f) => edit?.bibFieldData[f]).map((f) => [f, edit!.bibFieldData[f]!])),
    source: edit && !edit.resourceURL && edit.externalUrl ? "url" : "file",
    file: edit?.resourceURL ? { path: edit.resourceURL, name: edit.resourceURL.split("/").pop() ?? "", size: 0, type: "" } : null,
    externalUrl: edit?.externalUrl ?? "",
    groups: groupId && !edit ? [groupId] : [],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [bibMessage, setBibMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const membership = useQuery({ queryKey: ["membership-map", layout.user?.id], queryFn: () => fetchMembershipMap(getBrowserClient()), enabled: !edit && !!layout.user, retry: false });
  const isAdmin = layout.user?.roles.includes("ROLE_ADMIN") ?? false;
  const postable = edit ? [] : layout.groups.filter((g) => isAdmin || membership.data?.[String(g.id)]);
  const type = itemTypeById(state.itemTypeId) ?? ITEM_TYPES[0]!;
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const setBib = (f: BibField, v: string) => setState((s) => ({ ...s, bib: { ...s.bib, [f]: v } }));
  const id = (name: string) => `${base}-${name}`;
  const err = (name: string) => (errors[name] ? translateMessage(t, errors[name]) : undefined);
  const described = (name: string) => (errors[name] ? `${id(name)}-error` : undefined);

  const upload = async (file: File) => {
    setErrors((e) => ({ ...e, resourceURL: "" }));
    setProgress(0);
    try {
      const hash = `ibpmu-${Math.random().toString(36).slice(2, 12)}`;
      const res: MyUpload = await uploadDocumentFile(getBrowserClient(), file, hash, setProgress);
      set({ file: { path: res.path, name: file.name, size: res.fileSize, type: res.type } });
    } catch (error) {
      const e = ApiError.from(error);
      setErrors((x) => ({ ...x, resourceURL: e.status === 415 ? "document:errors.file_type" : e.status === 413 ? "document:errors.file_size" : "document:errors.upload" }));
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
      setState((s) => ({
        ...s,
        itemTypeId: typeof data.itemTypeId === "number" ? data.itemTypeId : s.itemTypeId,
        title: typeof data.title === "string" && data.title ? data.title : s.title,
        notes: typeof data.notes === "string" && data.notes ? data.notes : s.notes,
        tags: Array.isArray(data.tags) && data.tags.length ? (data.tags as string[]).join(", ") : s.tags,
        bib: { ...s.bib, ...bib },
      }));
      setBibMessage({ ok: true, text: t("document:form.bib_done") });
    } catch (error) {
      const e = ApiError.from(error);
      setBibMessage({ ok: false, text: `${t("document:form.bib_failed")} ${e.status === 400 ? e.message : apiErrorMessage(t, error)}` });
    }
  };

  const submit = async () => {
    const bib: BibValues = {};
    for (const f of [...type.required, ...type.optional]) if (state.bib[f]?.trim()) bib[f] = state.bib[f]!.trim();
    const local: Record<string, string> = { ...documentFieldErrors({ title: state.title, itemTypeId: state.itemTypeId, bib, externalUrl: state.source === "url" ? state.externalUrl : null }) };
    if (state.source === "file" && !state.file) local.resourceURL = "document:errors.file";
    if (state.source === "url" && !state.externalUrl.trim()) local.externalUrl = "form:required";
    setErrors(local);
    if (Object.keys(local).length) {
      notify.error(t("document:form.check"));
      return;
    }
    const body = {
      bibFieldData: { ...bib, title: state.title.trim(), itemTypeId: state.itemTypeId },
      notes: state.notes,
      licenseId: state.licenseId,
      languageId: state.languageId,
      fromDate: state.fromDate || null,
      resourceURL: state.source === "file" ? (state.file?.path ?? null) : null,
      externalUrl: state.source === "url" ? state.externalUrl.trim() : null,
      tags: state.tags.split(",").map((x) => x.trim()).filter(Boolean),
    };
    setSaving(true);
    try {
      const saved = edit ? await updateDocument(getBrowserClient(), { ...body, documentId: edit.documentId }) : await createDocument(getBrowserClient(), { ...body, userGroupId: state.groups });
      notify.success(t("document:form.success"));
      void router.push(groupHref(prefix, `/document/show/${saved.document.id}`));
    } catch (error) {
      const e = ApiError.from(error);
      if (e.fieldErrors) setErrors(e.fieldErrors);
      notify.error(`${t("document:form.error")} ${apiErrorMessage(t, error)}`);
      setSaving(false);
    }
  };

  const heading = edit ? t("document:form.edit_title") : t("document:form.create_title");
  return (
    <>
      <Head>
        <title>{heading}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 4, md: 8 }}>
        <Heading as="h1" size="2xl" mb={6}>
          {heading}
        </Heading>
        <Stack
          as="form"
          gap={6}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
            <Text as="legend" fontWeight="semibold" px={1}>
              {t("document:form.file_section")}
            </Text>
            <HStack gap={4} mb={3} role="radiogroup" aria-label={t("document:form.source")}>
              {(["file", "url"] as const).map((s) => (
                <label key={s} className="cca-dl-opt">
                  <input type="radio" name={`${base}-source`} checked={state.source === s} onChange={() => set({ source: s })} />
                  {t(`document:form.source_${s}`)}
                </label>
              ))}
            </HStack>
            {state.source === "file" ? (
              <Field id={id("file")} label={t("document:form.file")} required error={err("resourceURL")} hint={t("document:form.file_hint")}>
                <input
                  id={id("file")}
                  type="file"
                  accept="application/pdf,.pdf,video/mp4,.mp4,video/quicktime,.mov,video/webm,.webm"
                  aria-describedby={described("resourceURL") ?? `${id("file")}-hint`}
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
                ) : state.file ? (
                  <Text fontSize="sm" mt={2} role="status">
                    {t("document:form.attached", { name: state.file.name })}
                    {state.file.size ? ` (${megabytes(state.file.size)})` : ""}
                  </Text>
                ) : null}
              </Field>
            ) : (
              <Field id={id("externalUrl")} label={t("document:form.external_url")} required error={err("externalUrl")}>
                <Input id={id("externalUrl")} type="url" bg="white" value={state.externalUrl} aria-describedby={described("externalUrl")} onChange={(e) => set({ externalUrl: e.target.value })} />
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
                <select id={id("itemTypeId")} className="cca-doc-select" value={state.itemTypeId} onChange={(e) => set({ itemTypeId: Number(e.target.value) })}>
                  {ITEM_TYPES.map((x) => (
                    <option key={x.id} value={x.id}>
                      {t(`document:types.${x.key}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={id("title")} label={t("document:form.title")} required error={err("title")}>
                <Input id={id("title")} bg="white" value={state.title} aria-invalid={!!errors.title} aria-describedby={described("title")} onChange={(e) => set({ title: e.target.value })} />
              </Field>
              <Field id={id("notes")} label={t("document:form.description")} error={err("notes")}>
                <Textarea id={id("notes")} bg="white" rows={4} value={state.notes} onChange={(e) => set({ notes: e.target.value })} />
              </Field>
              <HStack gap={4} align="flex-start" wrap="wrap">
                <Field id={id("fromDate")} label={t("document:form.date")} error={err("fromDate")}>
                  <Input id={id("fromDate")} type="date" bg="white" value={state.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
                </Field>
                <Field id={id("licenseId")} label={t("document:form.license")} required error={err("licenseId")}>
                  <select id={id("licenseId")} className="cca-doc-select" value={state.licenseId} onChange={(e) => set({ licenseId: Number(e.target.value) })}>
                    {LICENSE_LIST.map((l) => (
                      <option key={l.id} value={l.id}>
                        {t(`document:license_names.${l.key}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={id("languageId")} label={t("document:form.language")}>
                  <select id={id("languageId")} className="cca-doc-select" value={state.languageId} onChange={(e) => set({ languageId: Number(e.target.value) })}>
                    <option value={205}>English</option>
                    <option value={206}>हिन्दी</option>
                  </select>
                </Field>
              </HStack>
              <Field id={id("tags")} label={t("document:form.tags")} hint={t("document:form.tags_hint")} error={err("tags")}>
                <Input id={id("tags")} bg="white" value={state.tags} aria-describedby={`${id("tags")}-hint`} onChange={(e) => set({ tags: e.target.value })} />
              </Field>
            </Stack>
          </Box>

          <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4} bg="white">
            <Text as="legend" fontWeight="semibold" px={1}>
              {t("document:form.metadata")}
            </Text>
            <Stack gap={4}>
              {[...type.required, ...type.optional].map((f) => (
                <Field key={`${type.id}-${f}`} id={id(f)} label={t(`document:fields.${f}`)} required={type.required.includes(f)} error={err(f)}>
                  <Input id={id(f)} bg="white" value={state.bib[f] ?? ""} aria-invalid={!!errors[f]} aria-describedby={described(f)} onChange={(e) => setBib(f, e.target.value)} />
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
                        checked={state.groups.includes(g.id)}
                        onChange={() => set({ groups: state.groups.includes(g.id) ? state.groups.filter((x) => x !== g.id) : [...state.groups, g.id] })}
                      />
                      {lang === "hi" && g.nameLocal ? g.nameLocal : g.name}
                    </label>
                  </li>
                ))}
              </ul>
            </Box>
          ) : null}

          <HStack>
            <Button type="submit" colorPalette="teal" loading={saving} disabled={progress !== null}>
              {edit ? t("document:form.save") : t("document:form.create")}
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}

/** /document/create and /document/edit/{id}: file or address, metadata with the type's required BibTeX fields, BibTeX import, microsites. */
export const DocumentFormScreen = withQueryClient(DocumentFormView);
