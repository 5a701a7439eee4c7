import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { yupResolver } from "@hookform/resolvers/yup";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { useForm, useWatch, type Control, type Resolver } from "react-hook-form";
import type { CCAData } from "@/contracts/cca-data";
import { recordValuesSchema } from "@/contracts/record-rules";
import type { CCAField } from "@/contracts/template";
import type { LayoutData } from "@/contracts/layout";
import { FormAlert } from "@/components/form/fields";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { clearDraft, createDraftAutosave, draftKey, hasContent, loadDraft, saveDraft, type Draft } from "@/lib/forms/draft-store";
import { initialValues, mergeDraft, sectionsOf, toSaveBody, type FormValues } from "@/components/record-form/form-model";
import type { ParticipateFormProps } from "./participate-form.ssr";
import { RecordField } from "@/components/record-form/record-field";
import { dateTimeFormat } from "@/shared/format/intl";
import { ParticipateSuccess, recordTitleOf } from "./participate-success";
import type { ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";
import { ConsentSection } from "./consent-section";
import { useRouter } from "next/router";
import { LOCAL_FILE_MARKER } from "@/lib/offline/local-files";

// What a member sees after saving offline (issue 32): part of the page (small), so it shows without a network.
import QueuedNotice from "@/components/offline/queued-notice";
import { consentDefaults, consentFormValues, consentResolver, localToday, toConsentInput, type ConsentFormValues } from "@/components/consent/consent-fields";

/** What a draft holds: the values, the chosen groups and the consent as far as it is filled in. */
type DraftValues = { values: FormValues; usergroups: number[]; consent?: ConsentFormValues };
/** The consent's fields as the platform names them in field errors (`consent.audience` or `audience`). */
const CONSENT_FIELDS: readonly (keyof ConsentFormValues)[] = ["audience", "registries", "givenBy", "method", "givenOn", "document", "note"];

const DRAFT_DELAY_MS = 600;

/** Focuses the first field shown with an error (after React has rendered the messages). */
const FORM_ID = "participate-form";

function focusFirstError() {
  window.setTimeout(() => {
    const form = document.getElementById(FORM_ID);
    const el = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
    const block = el?.closest<HTMLElement>("[data-field]");
    const target = el?.matches("[data-field-error]") ? block?.querySelector<HTMLElement>("input, select, textarea, [contenteditable], [tabindex]") : el;
    (target ?? block)?.focus();
    (target ?? block)?.scrollIntoView({ block: "center" });
  }, 0);
}

interface FieldsProps {
  fields: CCAField[];
  control: Control<FormValues>;
  errors: Record<string, string | undefined>;
  onUploadingChange: (busy: boolean) => void;
}

function Fields({ fields, ...rest }: FieldsProps) {
  return (
    <Stack gap={6}>
      {fields.map((field) =>
        field.type === "HEADING" ? (
          <Box as="section" key={field.fieldId} id={`section-${field.fieldId}`} aria-labelledby={`heading-${field.fieldId}`} scrollMarginTop="5rem">
            <Heading as="h2" size="lg" id={`heading-${field.fieldId}`} mb={2}>
              {field.name}
            </Heading>
            {field.helpText ? <Text mb={3}>{field.helpText}</Text> : null}
            <Fields fields={field.children} {...rest} />
          </Box>
        ) : (
          <RecordField key={field.fieldId} field={field} control={rest.control} onUploadingChange={rest.onUploadingChange} error={rest.errors[field.fieldId]} />
        ),
      )}
    </Stack>
  );
}

/** `/participate/{shortName}`: the template as a form, checked by the rule module the server uses. */
export function ParticipateFormScreen({ template, groups, currentGroupId, layout }: ParticipateFormProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const userId = layout.user?.id ?? 0;
  const key = draftKey(template.shortName, userId);
  const resolver = useMemo(() => yupResolver(recordValuesSchema(template.fields)) as unknown as Resolver<FormValues>, [template.fields]);
  const empty = useMemo(() => initialValues(template.fields), [template.fields]);
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<FormValues>({ resolver, defaultValues: empty, shouldFocusError: false });
  const consentResolverOnce = useMemo(() => consentResolver(), []);
  // The date is today in the visitor's clock, set once mounted (the server's day may differ from theirs).
  const consentForm = useForm<ConsentFormValues>({ resolver: consentResolverOnce, defaultValues: consentDefaults(""), shouldFocusError: false });
  useEffect(() => {
    if (consentForm.getValues("givenOn") === "") consentForm.setValue("givenOn", localToday());
  }, [consentForm]);
  const [usergroups, setUsergroups] = useState<number[]>(currentGroupId !== null && groups.some((g) => g.id === currentGroupId) ? [currentGroupId] : []);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);
  const [uploading, setUploading] = useState(0);
  const trackUpload = useCallback((busy: boolean) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1))), []);
  const [offer, setOffer] = useState<Draft<DraftValues> | null>(null);
  /** Drafts are written only once the member chose what to do with an earlier one. */
  const [draftReady, setDraftReady] = useState(false);
  const [finished, setFinished] = useState(false);
  /** The record just saved: the screen shows it is published and what to do next. */
  /** The record went into this device's queue (offline): sent when the network returns. */
  const [queued, setQueued] = useState(false);
  const router = useRouter();
  const [published, setPublished] = useState<{ id: number; title: string; audience: ConsentAudience; reviewState?: ReviewState } | null>(null);

  // The queue's code is loaded while the network is there: a send that fails offline needs it (issue 32).
  useEffect(() => {
    void import("@/lib/offline/queue-record").catch(() => undefined);
  }, []);

  useEffect(() => {
    // Read after hydration (the server has no localStorage), outside the effect's own pass.
    const timer = window.setTimeout(() => {
      const draft = loadDraft<DraftValues>(key);
      if (draft && hasContent(draft.values.values ?? {})) setOffer(draft);
      else setDraftReady(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [key]);

  const watched = useWatch({ control });
  const watchedConsent = useWatch({ control: consentForm.control });
  // One autosave per draft key; closed the moment the record is saved.
  /** A change was written to the draft (the form says so only then, not before anything is typed). */
  const [draftSaved, setDraftSaved] = useState(false);
  const markDraftSaved = useCallback(() => setDraftSaved(true), []);
  const [autosave, setAutosave] = useState(() => ({ key, saver: createDraftAutosave<DraftValues>(key, DRAFT_DELAY_MS, undefined, markDraftSaved) }));
  if (autosave.key !== key) setAutosave({ key, saver: createDraftAutosave(key, DRAFT_DELAY_MS, undefined, markDraftSaved) });
  const saver = autosave.saver;
  useEffect(() => {
    if (!draftReady || finished) return;
    saver.schedule(() => {
      const values = getValues();
      return hasContent(values) ? { values, usergroups, consent: consentForm.getValues() } : null;
    });
    return () => saver.cancel();
  }, [watched, watchedConsent, usergroups, draftReady, finished, saver, getValues, consentForm]);

  const sections = sectionsOf(template.fields);
  const errors: Record<string, string | undefined> = {};
  for (const [id, e] of Object.entries(formState.errors)) errors[id] = (e as { message?: string } | undefined)?.message;

  const submitValues = (consentValid: boolean) => handleSubmit(
    async (values) => {
      if (!consent || !consentValid) {
        if (!consent) setConsentError(true);
        if (!consentValid) setFailure({ message: t("template:participate.form.fix_errors"), network: false });
        focusFirstError();
        return;
      }
      if (uploading > 0) {
        setFailure({ message: t("template:participate.form.uploading_wait"), network: false });
        return;
      }
      setFailure(null);
      const consentValues = consentForm.getValues();
      saveDraft(key, { values, usergroups, consent: consentValues });
      const input = toConsentInput(consentValues);
      const body = { ...toSaveBody(template.shortName, template.fields, values, usergroups), consent: input };
      // One key per submission: a send whose answer was lost, sent again from the queue, is one record.
      const submissionKey = crypto.randomUUID();
      const queue = async () => {
        const { queueRecord } = await import("@/lib/offline/queue-record");
        await queueRecord({
          id: submissionKey,
          userId,
          shortName: template.shortName,
          templateName: template.name,
          title: recordTitleOf(template.fields, values),
          language: lang === "hi" ? "hi" : "en",
          body,
          draft: { values, usergroups, consent: consentValues },
          formPath: router.asPath.split("#")[0]!,
        });
        saver.close();
        clearDraft(key);
        setFinished(true);
        setQueued(true);
      };
      // Offline, or with photos still on this device: the record waits in the queue (issue 32).
      if (navigator.onLine === false || JSON.stringify(body).includes(LOCAL_FILE_MARKER)) {
        await queue();
        return;
      }
      try {
        const { data } = await getBrowserClient().post<CCAData>("cca-api/api/v1/data/save", body, { params: { language: lang === "hi" ? "hi" : "en" }, headers: { "Idempotency-Key": submissionKey } });
        saver.close();
        setFinished(true);
        setPublished({ id: data.id, title: recordTitleOf(template.fields, values), audience: data.audience ?? input.audience, reviewState: data.reviewState });
      } catch (error) {
        const e = ApiError.from(error);
        // Offline, the client's token renewal fails too: the browser's own flag decides.
        if (e.status === 0 || !window.navigator.onLine) {
          try {
            await queue();
          } catch {
            setFailure({ message: t("template:participate.form.network_error"), network: true });
          }
          return;
        }
        const fieldErrors = e.fieldErrors ?? {};
        const other: string[] = [];
        for (const [field, message] of Object.entries(fieldErrors)) {
          const consentField = CONSENT_FIELDS.find((name) => field === `consent.${name}` || (field === name && !(field in values)));
          if (field in values) setError(field, { type: "server", message });
          else if (consentField) consentForm.setError(consentField, { type: "server", message });
          else other.push(translateMessage(t, message) ?? message);
        }
        setFailure({ message: [t("template:participate.form.save_error"), ...other, other.length === 0 && Object.keys(fieldErrors).length === 0 ? apiErrorMessage(t, error) : ""].filter(Boolean).join(" "), network: false });
        focusFirstError();
      }
    },
    () => {
      if (!consent) setConsentError(true);
      setFailure({ message: t("template:participate.form.fix_errors"), network: false });
      focusFirstError();
    },
  );

  /** The consent is checked with the record's values, so every problem shows at once. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const consentValid = await consentForm.trigger();
    await submitValues(consentValid)(event);
  };

  const addAnother = () => {
    reset(empty);
    consentForm.reset(consentDefaults());
    setConsent(false);
    setConsentError(false);
    setFailure(null);
    setAutosave({ key, saver: createDraftAutosave(key, DRAFT_DELAY_MS, undefined, markDraftSaved) });
    setDraftSaved(false);
    setFinished(false);
    setPublished(null);
    window.setTimeout(() => {
      window.scrollTo({ top: 0 });
      document.getElementById(FORM_ID)?.querySelector<HTMLElement>("input, select, textarea, [contenteditable]")?.focus();
    }, 0);
  };

  if (queued) {
    return <QueuedNotice linkPrefix={layout.currentGroup.linkPrefix} onAddAnother={() => {
      setQueued(false);
      addAnother();
    }} />;
  }

  if (published) {
    return <ParticipateSuccess recordId={published.id} recordTitle={published.title} audience={published.audience} reviewState={published.reviewState} linkPrefix={layout.currentGroup.linkPrefix} onAddAnother={addAnother} />;
  }

  const title = t("template:participate.form.title", { name: template.name });
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="6xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>
          {template.name}
        </PageTitle>
        {template.description ? <Text mb={2}>{template.description}</Text> : null}
        <Text fontSize="sm" color="gray.700" mb={6}>
          {t("template:participate.form.required_note")}
        </Text>
        {offer ? (
          <Box role="region" aria-label={t("template:participate.form.draft_continue")} borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p={4} mb={6} data-testid="draft-offer">
            <Text mb={3}>{t("template:participate.form.draft_found", { date: dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(offer.savedAt) })}</Text>
            <HStack gap={3} wrap="wrap">
              <Button
                colorPalette="teal"
                onClick={() => {
                  reset(mergeDraft(template.fields, offer.values.values));
                  consentForm.reset(consentFormValues(offer.values.consent));
                  setUsergroups((offer.values.usergroups ?? []).filter((id) => groups.some((g) => g.id === id)));
                  setOffer(null);
                  setDraftReady(true);
                }}
              >
                {t("template:participate.form.draft_continue")}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  clearDraft(key);
                  reset(empty);
                  consentForm.reset(consentDefaults());
                  setOffer(null);
                  setDraftReady(true);
                }}
              >
                {t("template:participate.form.draft_restart")}
              </Button>
            </HStack>
          </Box>
        ) : null}
        <Flex gap={8} align="flex-start" direction={{ base: "column", lg: "row" }}>
          {sections.length > 0 ? (
            <Box as="nav" aria-label={t("template:participate.form.sections")} position={{ lg: "sticky" }} top="5rem" minW={{ lg: "14rem" }} maxW={{ lg: "16rem" }}>
              <Text fontWeight="semibold" mb={2}>
                {t("template:participate.form.sections")}
              </Text>
              <Stack as="ol" gap={1} ps={5} listStyleType="decimal">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} style={{ textDecoration: "underline" }}>
                      {s.title}
                    </a>
                  </li>
                ))}
              </Stack>
            </Box>
          ) : null}
          <Box flex="1" minW={0} w="100%">
          <form id={FORM_ID} onSubmit={submit} noValidate aria-busy={formState.isSubmitting} data-testid="participate-form">
            <Stack gap={8}>
              <Fields fields={template.fields} control={control} errors={errors} onUploadingChange={trackUpload} />
              <Box as="fieldset">
                <Box as="legend" fontWeight="semibold" fontSize="lg" mb={1}>
                  {t("template:participate.form.groups")}
                </Box>
                <Text fontSize="sm" color="gray.700" mb={2}>
                  {t("template:participate.form.groups_help")}
                </Text>
                {groups.length === 0 ? (
                  <Text fontSize="sm">{t("template:participate.form.no_groups")}</Text>
                ) : (
                  <Stack gap={1} maxH="16rem" overflowY="auto">
                    {groups.map((g) => (
                      <label key={g.id} style={{ display: "flex", gap: 8, alignItems: "center" }}>
                        <input type="checkbox" checked={usergroups.includes(g.id)} onChange={(e) => setUsergroups((list) => (e.target.checked ? [...list, g.id] : list.filter((id) => id !== g.id)))} />
                        {g.name}
                      </label>
                    ))}
                  </Stack>
                )}
              </Box>
              <ConsentSection control={consentForm.control} setValue={consentForm.setValue} errors={consentForm.formState.errors} idPrefix="participate-consent-section" onUploadingChange={trackUpload} />
              <Box data-field="consent">
                <label style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
                  <input
                    type="checkbox"
                    id="participate-consent"
                    checked={consent}
                    aria-invalid={consentError && !consent ? true : undefined}
                    aria-describedby={consentError && !consent ? "participate-consent-error" : undefined}
                    onChange={(e) => {
                      setConsent(e.target.checked);
                      if (e.target.checked) setConsentError(false);
                    }}
                    style={{ marginTop: 4 }}
                  />
                  <span>
                    {t("template:participate.form.consent")}
                    <Text as="span" color="red.700" aria-hidden="true" ms={1}>
                      *
                    </Text>
                  </span>
                </label>
                {consentError && !consent ? (
                  <Text id="participate-consent-error" color="red.700" fontSize="sm" role="alert">
                    {t("template:participate.form.consent_required")}
                  </Text>
                ) : null}
              </Box>
              <FormAlert title={failure?.message}>{null}</FormAlert>
              <HStack gap={3}>
                <Button type="submit" colorPalette="teal" size="lg" loading={formState.isSubmitting} loadingText={t("template:participate.form.submitting")}>
                  {failure?.network ? t("template:participate.form.retry") : t("template:participate.form.submit")}
                </Button>
                <Text fontSize="sm" color="gray.700" aria-live="polite" data-testid="draft-status">
                  {draftReady && !offer && draftSaved ? t("template:participate.form.draft_saved") : ""}
                </Text>
              </HStack>
            </Stack>
          </form>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
