import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import { LABEL_LANGUAGES, LABEL_TEXT_MAX, LOCAL_CONTEXTS_LABELS, type LabelKind, type LabelLanguage, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { LabelIcon } from "@/components/labels/label-icon";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";

/**
 * The Local Contexts labels dialog of anything that carries labels (a record, a document, a group): the
 * caller says how to save the complete set (its own endpoint), the dialog checks nothing itself — the
 * platform's field errors come back under their labels.
 */
export interface LabelsDialogProps {
  /** The title of what carries the labels, for the dialog's heading. */
  title: string;
  /** What the dialog says under its heading (the record's wording when absent). */
  description?: string;
  /** Its labels now. */
  labels: readonly RecordLabel[];
  /** Saves the complete set (PUT of the caller's endpoint); answers the labels as stored. */
  save: (input: RecordLabelsInput) => Promise<RecordLabel[]>;
  /** The labels as saved, or null when the dialog was dismissed. */
  onClose: (saved: RecordLabel[] | null) => void;
}

/** One label type in the dialog: chosen or not, and the community's own text per language. */
export interface LabelChoice {
  checked: boolean;
  text: Record<LabelLanguage, string>;
}

export type LabelChoices = Record<string, LabelChoice>;

/** The dialog's first state: every label type of the catalogue, the record's own chosen with their texts. */
export function initialChoices(labels: readonly RecordLabel[]): LabelChoices {
  const applied = new Map(labels.map((l) => [l.labelId, l]));
  const choices: LabelChoices = {};
  for (const label of LOCAL_CONTEXTS_LABELS) {
    const own = applied.get(label.id);
    choices[label.id] = { checked: own !== undefined, text: { en: own?.text?.en ?? "", hi: own?.text?.hi ?? "" } };
  }
  return choices;
}

/** The body of the PUT: the chosen labels in the catalogue's order, with the texts that are not blank. */
export function toLabelsInput(choices: LabelChoices): RecordLabelsInput {
  const labels: RecordLabelsInput["labels"] = [];
  for (const label of LOCAL_CONTEXTS_LABELS) {
    const choice = choices[label.id];
    if (!choice?.checked) continue;
    const text: Partial<Record<LabelLanguage, string>> = {};
    for (const lang of LABEL_LANGUAGES) if (choice.text[lang].trim() !== "") text[lang] = choice.text[lang].trim();
    labels.push(Object.keys(text).length > 0 ? { labelId: label.id, text } : { labelId: label.id });
  }
  return { labels };
}

/** The platform's field errors (`labels[3].text.hi`, `labels`) by label id, or "form" for the whole set. */
export function errorsByLabel(fieldErrors: Record<string, string>, input: RecordLabelsInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fieldErrors)) {
    const match = /^labels\[(\d+)\]/.exec(field);
    const labelId = match ? input.labels[Number(match[1])]?.labelId : undefined;
    out[labelId ?? "form"] ??= key;
  }
  return out;
}

function LabelOption({ id, labelId, kind, restricts, choice, error, onChange }: { id: string; labelId: string; kind: LabelKind; restricts: boolean; choice: LabelChoice; error: string | undefined; onChange: (next: LabelChoice) => void }) {
  const { t } = useTranslation();
  const inputId = `${id}-${labelId}`;
  const errorId = `${inputId}-error`;
  return (
    <Box as="li" py={2} borderTopWidth="1px" _first={{ borderTopWidth: 0 }} data-label-option={labelId}>
      <label htmlFor={inputId} style={{ display: "flex", gap: "0.6rem", alignItems: "flex-start", cursor: "pointer" }}>
        <input
          id={inputId}
          type="checkbox"
          checked={choice.checked}
          onChange={(e) => onChange({ ...choice, checked: e.target.checked })}
          aria-describedby={`${inputId}-help${error ? ` ${errorId}` : ""}`}
          aria-invalid={error ? true : undefined}
          style={{ marginTop: 8, width: 18, height: 18, flexShrink: 0 }}
        />
        <LabelIcon kind={kind} restricts={restricts} size={28} />
        <span>
          <Text as="span" fontWeight="semibold" display="block">
            {t(`governance:labels.types.${labelId}.name`)}
            {restricts ? (
              <Text as="span" fontWeight="normal" fontSize="sm" color="red.800">
                {" · "}
                {t("governance:labels.restricts")}
              </Text>
            ) : null}
          </Text>
          <Text as="span" fontSize="sm" color="gray.700" display="block" id={`${inputId}-help`}>
            {t(`governance:labels.types.${labelId}.text`)}
          </Text>
        </span>
      </label>
      {choice.checked ? (
        <Stack gap={2} mt={2} ms={{ base: 0, sm: 16 }}>
          {LABEL_LANGUAGES.map((lang) => (
            <Box key={lang}>
              <label htmlFor={`${inputId}-${lang}`} style={{ fontSize: "0.875rem", fontWeight: 500 }}>
                {t(`governance:labels.dialog.custom_${lang}`)}
              </label>
              <textarea
                id={`${inputId}-${lang}`}
                lang={lang}
                value={choice.text[lang]}
                maxLength={LABEL_TEXT_MAX}
                rows={2}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => onChange({ ...choice, text: { ...choice.text, [lang]: e.target.value } })}
                style={{ display: "block", width: "100%", border: "1px solid #a0aec0", borderRadius: 6, padding: "0.35rem 0.5rem", font: "inherit" }}
              />
            </Box>
          ))}
        </Stack>
      ) : null}
      {error ? (
        <Text id={errorId} color="red.700" fontSize="sm" mt={1}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function LabelsDialogBody({ title, description, labels, save, onClose }: LabelsDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [choices, setChoices] = useState<LabelChoices>(() => initialChoices(labels));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const chosen = Object.values(choices).filter((c) => c.checked).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    const input = toLabelsInput(choices);
    try {
      const saved = await save(input);
      notify.success(t("governance:labels.dialog.saved"));
      onClose(saved);
    } catch (error) {
      const fieldErrors = ApiError.from(error).fieldErrors ?? {};
      const byLabel = errorsByLabel(fieldErrors, input);
      const translated = Object.fromEntries(Object.entries(byLabel).map(([k, v]) => [k, translateMessage(t, v) ?? v]));
      if (!translated.form && Object.keys(translated).length === 0) translated.form = apiErrorMessage(t, error);
      setErrors(translated);
      notify.error(t("governance:labels.dialog.error"));
      setSaving(false);
    }
  };

  const group = (kind: LabelKind) => (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" px={3} pb={2} pt={1} mb={4}>
      <Text as="legend" fontWeight="semibold" px={1}>
        {t(kind === "TK" ? "governance:labels.dialog.tk" : "governance:labels.dialog.bc")}
      </Text>
      <Stack as="ul" listStyleType="none" gap={0} m={0} p={0}>
        {LOCAL_CONTEXTS_LABELS.filter((l) => l.kind === kind).map((l) => (
          <LabelOption
            key={l.id}
            id={id}
            labelId={l.id}
            kind={l.kind}
            restricts={l.restricts}
            choice={choices[l.id]!}
            error={errors[l.id]}
            onChange={(next) => setChoices((all) => ({ ...all, [l.id]: next }))}
          />
        ))}
      </Stack>
    </Box>
  );

  return (
    <Modal
      open
      onClose={() => onClose(null)}
      title={t("governance:labels.dialog.title", { title })}
      description={description ?? t("governance:labels.dialog.description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            {t("governance:labels.dialog.cancel")}
          </Button>
          <Button type="submit" form={`${id}-form`} colorPalette="teal" loading={saving}>
            {t("governance:labels.dialog.save")}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate data-testid="labels-dialog-form">
        {group("TK")}
        {group("BC")}
        <Text fontSize="sm" color="gray.700" aria-live="polite">
          {t("governance:labels.dialog.chosen", { count: chosen })}
        </Text>
        {errors.form ? (
          <Text color="red.700" mt={3} role="alert">
            {errors.form}
          </Text>
        ) : null}
      </form>
    </Modal>
  );
}

/** "Edit labels" on a record's, document's or group's page (loaded when opened): every TK and BC label type as a checkbox, with the community's own text. */
export default function LabelsDialog(props: LabelsDialogProps) {
  return (
    <LazyNamespaces namespaces={["form"]}>
      <LabelsDialogBody {...props} />
    </LazyNamespaces>
  );
}
