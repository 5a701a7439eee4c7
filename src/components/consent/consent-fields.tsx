import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { yupResolver } from "@hookform/resolvers/yup";
import { useState, type ReactNode } from "react";
import { Controller, useWatch, type Control, type FieldErrors, type Resolver, type UseFormSetValue } from "react-hook-form";
import type { Translate } from "next-translate";
import { CONSENT_GIVERS, CONSENT_METHODS, CONSENT_NOTE_MAX, type ConsentAudience, type ConsentGiver, type ConsentInput, type ConsentMethod } from "@/contracts/consent";
import { consentSchema, latestToday } from "@/contracts/consent.schema";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { getBrowserClient } from "@/lib/api/client";
import { uploadDocumentFile } from "@/lib/api/documents";
import { translateMessage } from "@/lib/api/error-message";
import { consentDocumentHref } from "./consent-links";
import { uploadHash, uploadResource } from "@/lib/api/files";
import useTranslation from "@/lib/i18n/use-translation";

/**
 * The consent a contributor or a record's manager records (issue 30): who may see the record, whether
 * it may go to international registries, who gave the consent, how, when, the FPIC document and a note.
 * Checked by the contract's `consentSchema`, the rule the platform applies to `data/save` and `data/consent`.
 */

/** The audiences a form offers (a withdrawal, `NONE`, has its own confirmation). */
export const CHOOSABLE_AUDIENCES = ["COMMUNITY", "CURATORS", "MEMBERS", "PUBLIC"] as const satisfies readonly ConsentAudience[];

/** The form's values: no audience until the contributor chooses one. */
export interface ConsentFormValues {
  audience: ConsentAudience | null;
  registries: boolean;
  givenBy: ConsentGiver;
  method: ConsentMethod;
  givenOn: string;
  /** The FPIC document's path inside `myUploads` (`/<hash>/<name>`). */
  document: string | null;
  note: string;
}

/** Today in the browser's time zone, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new consent: given by the contributor, by declaration, today; the audience left for them to choose. */
export function consentDefaults(today = localToday()): ConsentFormValues {
  return { audience: null, registries: false, givenBy: "CONTRIBUTOR", method: "DECLARATION", givenOn: today, document: null, note: "" };
}

/** Form values from a recorded consent or a draft (unknown or missing parts fall back to the defaults). */
export function consentFormValues(from: Partial<ConsentInput> | Partial<ConsentFormValues> | null | undefined, today = localToday()): ConsentFormValues {
  const base = consentDefaults(today);
  if (!from || typeof from !== "object") return base;
  const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T => ((values as readonly unknown[]).includes(v) ? (v as T) : fallback);
  const audience = oneOf<ConsentAudience | "">([...CHOOSABLE_AUDIENCES], from.audience, "");
  return {
    audience: audience === "" ? null : audience,
    registries: from.registries === true && audience === "PUBLIC",
    givenBy: oneOf(CONSENT_GIVERS, from.givenBy, base.givenBy),
    method: oneOf(CONSENT_METHODS, from.method, base.method),
    givenOn: typeof from.givenOn === "string" && from.givenOn !== "" ? from.givenOn : base.givenOn,
    document: typeof from.document === "string" && from.document !== "" ? from.document : null,
    note: typeof from.note === "string" ? from.note : "",
  };
}

/** The body the platform takes (`data/save`'s `consent`, `PUT data/consent/{id}`); call after the schema passed. */
export function toConsentInput(values: ConsentFormValues, audience: ConsentAudience = values.audience ?? "NONE"): ConsentInput {
  const note = values.note.trim();
  return {
    audience,
    registries: audience === "PUBLIC" && values.registries,
    givenBy: values.givenBy,
    method: values.method,
    givenOn: values.givenOn.trim(),
    document: values.method === "FPIC_DOCUMENT" ? values.document : null,
    note: note === "" ? null : note,
  };
}

/** react-hook-form's resolver over the contract's schema. */
export function consentResolver(): Resolver<ConsentFormValues> {
  return yupResolver(consentSchema) as unknown as Resolver<ConsentFormValues>;
}

/** A field's error in the visitor's language (a missing audience is asked for by name). */
export function consentErrorText(t: Translate, field: keyof ConsentFormValues, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (field === "audience" && message === FORM_ERRORS.required) return t("governance:errors.audience_required");
  return translateMessage(t, message);
}

const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** Uploads the FPIC document with the portal's upload helpers: a PDF to my-uploads, a photo as the form's files go. */
async function uploadConsentDocument(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const client = getBrowserClient();
  if (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) {
    const uploaded = await uploadDocumentFile(client, file, uploadHash(), onProgress);
    return uploaded.path;
  }
  const uploaded = await uploadResource(client, file, "myUploads", { onProgress });
  return uploaded.uri;
}

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text id={id} color="red.700" fontSize="sm" role="alert" data-field-error="">
      {children}
    </Text>
  );
}

function Legend({ children, required }: { children: ReactNode; required?: boolean }) {
  return (
    <Box as="legend" fontWeight="semibold" mb={1}>
      {children}
      {required ? (
        <Text as="span" color="red.700" aria-hidden="true" ms={1}>
          *
        </Text>
      ) : null}
    </Box>
  );
}

const labelStyle = { display: "flex", gap: 8, alignItems: "flex-start" } as const;

export interface ConsentFieldsProps {
  control: Control<ConsentFormValues>;
  setValue: UseFormSetValue<ConsentFormValues>;
  errors: FieldErrors<ConsentFormValues>;
  /** Makes the ids unique on the page. */
  idPrefix: string;
  /** Off for a withdrawal: the audience is `NONE`. */
  withAudience?: boolean;
  onUploadingChange?: (busy: boolean) => void;
}

/** The consent's fields, shared by the participation form and the record's consent dialog. */
export function ConsentFields({ control, setValue, errors, idPrefix, withAudience = true, onUploadingChange }: ConsentFieldsProps) {
  const { t } = useTranslation();
  const audience = useWatch({ control, name: "audience" });
  const method = useWatch({ control, name: "method" });
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const error = (field: keyof ConsentFormValues) => consentErrorText(t, field, errors[field]?.message);
  const errorId = (field: string) => `${idPrefix}-${field}-error`;

  const chooseDocument = async (file: File) => {
    setUploadFailed(false);
    if (file.size > MAX_DOCUMENT_BYTES) {
      setUploadFailed(true);
      return;
    }
    setUpload({ name: file.name, progress: 0 });
    onUploadingChange?.(true);
    try {
      const path = await uploadConsentDocument(file, (progress) => setUpload({ name: file.name, progress }));
      setValue("document", path, { shouldValidate: true, shouldDirty: true });
      setUploadedName(file.name);
    } catch {
      setUploadFailed(true);
    } finally {
      setUpload(null);
      onUploadingChange?.(false);
    }
  };

  return (
    <Stack gap={5}>
      {withAudience ? (
        <Controller
          control={control}
          name="audience"
          render={({ field }) => (
            <Box as="fieldset" data-field="consent-audience" aria-describedby={error("audience") ? errorId("audience") : undefined}>
              <Legend required>{t("governance:section.audience")}</Legend>
              <Stack gap={2}>
                {CHOOSABLE_AUDIENCES.map((value) => (
                  <label key={value} style={labelStyle}>
                    <input
                      type="radio"
                      name={`${idPrefix}-audience`}
                      value={value}
                      checked={field.value === value}
                      aria-describedby={`${idPrefix}-audience-${value}-help`}
                      onBlur={field.onBlur}
                      onChange={() => {
                        field.onChange(value);
                        if (value !== "PUBLIC") setValue("registries", false);
                      }}
                      style={{ marginTop: 4 }}
                    />
                    <span>
                      <Text as="span" fontWeight="medium">
                        {t(`governance:audience.${value}`)}
                      </Text>
                      <Text as="span" display="block" fontSize="sm" color="gray.700" id={`${idPrefix}-audience-${value}-help`}>
                        {t(`governance:audience_help.${value}`)}
                      </Text>
                    </span>
                  </label>
                ))}
              </Stack>
              {error("audience") ? <ErrorText id={errorId("audience")}>{error("audience")}</ErrorText> : null}
            </Box>
          )}
        />
      ) : null}
      {withAudience ? (
        <Controller
          control={control}
          name="registries"
          render={({ field }) => (
            <Box data-field="consent-registries">
              <label style={labelStyle}>
                <input
                  type="checkbox"
                  checked={field.value && audience === "PUBLIC"}
                  disabled={audience !== "PUBLIC"}
                  aria-describedby={`${idPrefix}-registries-help${error("registries") ? ` ${errorId("registries")}` : ""}`}
                  aria-invalid={error("registries") ? true : undefined}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.checked)}
                  style={{ marginTop: 4 }}
                />
                <span>{t("governance:section.registries")}</span>
              </label>
              <Text fontSize="sm" color="gray.700" id={`${idPrefix}-registries-help`} ms={6}>
                {t("governance:section.registries_help")}
              </Text>
              {error("registries") ? <ErrorText id={errorId("registries")}>{error("registries")}</ErrorText> : null}
            </Box>
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="givenBy"
        render={({ field }) => (
          <Box as="fieldset" data-field="consent-givenBy">
            <Legend required>{t("governance:section.given_by")}</Legend>
            <Stack gap={1}>
              {CONSENT_GIVERS.map((value) => (
                <label key={value} style={labelStyle}>
                  <input type="radio" name={`${idPrefix}-givenBy`} value={value} checked={field.value === value} onBlur={field.onBlur} onChange={() => field.onChange(value)} style={{ marginTop: 4 }} />
                  <span>{t(`governance:giver.${value}`)}</span>
                </label>
              ))}
            </Stack>
            {error("givenBy") ? <ErrorText id={errorId("givenBy")}>{error("givenBy")}</ErrorText> : null}
          </Box>
        )}
      />
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <Box as="fieldset" data-field="consent-method">
            <Legend required>{t("governance:section.method")}</Legend>
            <Stack gap={1}>
              {CONSENT_METHODS.map((value) => (
                <label key={value} style={labelStyle}>
                  <input type="radio" name={`${idPrefix}-method`} value={value} checked={field.value === value} onBlur={field.onBlur} onChange={() => field.onChange(value)} style={{ marginTop: 4 }} />
                  <span>{t(`governance:method.${value}`)}</span>
                </label>
              ))}
            </Stack>
            {error("method") ? <ErrorText id={errorId("method")}>{error("method")}</ErrorText> : null}
          </Box>
        )}
      />
      {method === "FPIC_DOCUMENT" ? (
        <Controller
          control={control}
          name="document"
          render={({ field }) => (
            <Box data-field="consent-document">
              <label htmlFor={`${idPrefix}-document`} style={{ fontWeight: 600 }}>
                {t("governance:section.document")}
                <Text as="span" color="red.700" aria-hidden="true" ms={1}>
                  *
                </Text>
              </label>
              <Text fontSize="sm" color="gray.700" id={`${idPrefix}-document-help`}>
                {t("governance:section.document_help")}
              </Text>
              <input
                id={`${idPrefix}-document`}
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-required="true"
                aria-invalid={error("document") ? true : undefined}
                aria-describedby={`${idPrefix}-document-help${error("document") ? ` ${errorId("document")}` : ""}`}
                disabled={upload !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) void chooseDocument(file);
                }}
                style={{ display: "block", marginTop: 4 }}
              />
              {upload ? (
                <Text fontSize="sm" aria-live="polite">
                  {t("governance:section.document_uploading", { name: upload.name })} {Math.round(upload.progress * 100)} %
                </Text>
              ) : null}
              {field.value ? (
                <Box display="flex" gap={3} alignItems="center" flexWrap="wrap" mt={1}>
                  <a href={consentDocumentHref(field.value)} target="_blank" rel="noopener noreferrer" style={{ textDecoration: "underline" }}>
                    {t("governance:section.document_uploaded", { name: uploadedName ?? field.value.split("/").pop() ?? field.value })}
                  </a>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setValue("document", null, { shouldDirty: true })}>
                    {t("governance:section.document_remove")}
                  </Button>
                </Box>
              ) : null}
              {uploadFailed ? <ErrorText id={`${idPrefix}-document-upload-error`}>{t("governance:section.document_failed")}</ErrorText> : null}
              {error("document") ? <ErrorText id={errorId("document")}>{error("document")}</ErrorText> : null}
            </Box>
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="givenOn"
        render={({ field }) => (
          <Box data-field="consent-givenOn">
            <label htmlFor={`${idPrefix}-givenOn`} style={{ fontWeight: 600, display: "block" }}>
              {t("governance:section.given_on")}
              <Text as="span" color="red.700" aria-hidden="true" ms={1}>
                *
              </Text>
            </label>
            <input
              id={`${idPrefix}-givenOn`}
              type="date"
              required
              max={latestToday()}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value)}
              aria-invalid={error("givenOn") ? true : undefined}
              aria-describedby={error("givenOn") ? errorId("givenOn") : undefined}
              style={{ border: "1px solid #a0aec0", borderRadius: 6, padding: "0.3rem 0.5rem", marginTop: 4 }}
            />
            {error("givenOn") ? <ErrorText id={errorId("givenOn")}>{error("givenOn")}</ErrorText> : null}
          </Box>
        )}
      />
      <Controller
        control={control}
        name="note"
        render={({ field }) => (
          <Box data-field="consent-note">
            <label htmlFor={`${idPrefix}-note`} style={{ fontWeight: 600, display: "block" }}>
              {t("governance:section.note")}
            </label>
            <Text fontSize="sm" color="gray.700" id={`${idPrefix}-note-help`}>
              {t("governance:section.note_help")}
            </Text>
            <textarea
              id={`${idPrefix}-note`}
              rows={3}
              maxLength={CONSENT_NOTE_MAX + 50}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value)}
              aria-invalid={error("note") ? true : undefined}
              aria-describedby={`${idPrefix}-note-help${error("note") ? ` ${errorId("note")}` : ""}`}
              style={{ width: "100%", border: "1px solid #a0aec0", borderRadius: 6, padding: "0.4rem 0.5rem", marginTop: 4 }}
            />
            {error("note") ? <ErrorText id={errorId("note")}>{error("note")}</ErrorText> : null}
          </Box>
        )}
      />
    </Stack>
  );
}
