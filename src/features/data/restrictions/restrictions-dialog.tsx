import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import {
  FIELD_TREATMENTS,
  RECORD_TREATMENTS,
  RESTRICTION_REASONS,
  type FieldOverride,
  type RecordRestrictionsView,
  type RestrictionOverrides,
  type RestrictionReason,
} from "@/contracts/restrictions";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { changeRecordRestrictions } from "@/lib/api/restrictions";
import useTranslation from "@/lib/i18n/use-translation";

/** One row of the dialog: KEEP (no override), NONE (lift), or a treatment with its reason and end day. */
export interface RestrictionChoice {
  treatment: string;
  reason: RestrictionReason;
  until: string;
}

const KEEP = "KEEP";

function choiceOf(o: { treatment: string; reason?: RestrictionReason; until?: string | null } | null | undefined): RestrictionChoice {
  if (!o) return { treatment: KEEP, reason: "COMMUNITY_REQUEST", until: "" };
  return { treatment: o.treatment, reason: o.reason ?? "COMMUNITY_REQUEST", until: o.until ?? "" };
}

/** The dialog's rows as the body of `PUT data/restrictions/{id}`. */
export function toOverrides(record: RestrictionChoice, fields: Record<string, RestrictionChoice>): RestrictionOverrides {
  const one = (c: RestrictionChoice) =>
    c.treatment === "NONE" ? { treatment: "NONE" as const } : { treatment: c.treatment, reason: c.reason, ...(c.treatment === "EMBARGO" ? { until: c.until } : {}) };
  const out: RestrictionOverrides = { record: null, fields: {} };
  if (record.treatment !== KEEP) out.record = one(record) as RestrictionOverrides["record"];
  for (const [id, c] of Object.entries(fields)) if (c.treatment !== KEEP) out.fields[id] = one(c) as FieldOverride;
  return out;
}

function Row({ label, options, choice, error, onChange }: { label: string; options: Array<{ value: string; text: string }>; choice: RestrictionChoice; error?: string; onChange: (c: RestrictionChoice) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const treated = choice.treatment !== KEEP && choice.treatment !== "NONE";
  return (
    <Box as="fieldset" borderTopWidth="1px" py={2} data-testid="restriction-row">
      <Text as="legend" fontWeight="semibold">
        {label}
      </Text>
      <Stack direction={{ base: "column", sm: "row" }} gap={2} mt={1}>
        <label htmlFor={`${id}-t`} className="cca-sr-only">
          {t("governance:restrictions.dialog.treatment")}
        </label>
        <NativeSelect.Root size="sm" maxW={{ sm: "xs" }}>
          <NativeSelect.Field id={`${id}-t`} value={choice.treatment} onChange={(e) => onChange({ ...choice, treatment: e.target.value })} aria-describedby={error ? `${id}-e` : undefined}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {treated ? (
          <>
            <label htmlFor={`${id}-r`} className="cca-sr-only">
              {t("governance:restrictions.dialog.reason")}
            </label>
            <NativeSelect.Root size="sm" maxW={{ sm: "xs" }}>
              <NativeSelect.Field id={`${id}-r`} value={choice.reason} onChange={(e) => onChange({ ...choice, reason: e.target.value as RestrictionReason })}>
                {RESTRICTION_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`governance:restrictions.reasons.${r}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </>
        ) : null}
        {choice.treatment === "EMBARGO" ? (
          <>
            <label htmlFor={`${id}-u`} className="cca-sr-only">
              {t("governance:restrictions.dialog.until")}
            </label>
            <Input id={`${id}-u`} size="sm" type="date" maxW={{ sm: "44" }} value={choice.until} onChange={(e) => onChange({ ...choice, until: e.target.value })} />
          </>
        ) : null}
      </Stack>
      {error ? (
        <Text id={`${id}-e`} color="red.700" fontSize="sm" mt={1} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

export interface RestrictionsDialogProps {
  recordId: number;
  title: string;
  view: RecordRestrictionsView;
  onClose: (saved: RecordRestrictionsView | null) => void;
}

/** "Change restrictions" on a record's page (its curators; loaded when opened): the whole record and each field. */
export default function RestrictionsDialog({ recordId, title, view, onClose }: RestrictionsDialogProps) {
  const { t, lang } = useTranslation();
  const formId = useId();
  const [record, setRecord] = useState<RestrictionChoice>(() => choiceOf(view.overrides.record));
  const [fields, setFields] = useState<Record<string, RestrictionChoice>>(() =>
    Object.fromEntries(view.fields.map((f) => [f.fieldId, choiceOf(view.overrides.fields[f.fieldId] as { treatment: string; reason?: RestrictionReason; until?: string } | undefined)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fieldOptions = [KEEP, "NONE", ...FIELD_TREATMENTS].map((v) => ({ value: v, text: t(`governance:restrictions.treatment_options.${v}`) }));
  const recordOptions = [KEEP, "NONE", ...RECORD_TREATMENTS].map((v) => ({ value: v, text: t(`governance:restrictions.record_options.${v}`) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await changeRecordRestrictions(getBrowserClient(), recordId, toOverrides(record, fields), lang);
      notify.success(t("governance:restrictions.success"));
      onClose(saved);
    } catch (error) {
      const fieldErrors = ApiError.from(error).fieldErrors ?? {};
      const translated: Record<string, string> = {};
      for (const [path, key] of Object.entries(fieldErrors)) {
        const row = path.startsWith("record") ? "record" : (path.split(".")[1] ?? "form");
        translated[row] = translateMessage(t, key) ?? key;
      }
      if (Object.keys(translated).length === 0) translated.form = apiErrorMessage(t, error);
      setErrors(translated);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => onClose(null)}
      title={t("governance:restrictions.dialog.title")}
      description={title}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            {t("governance:restrictions.dialog.cancel")}
          </Button>
          <Button type="submit" form={formId} colorPalette="teal" loading={saving}>
            {t("governance:restrictions.dialog.save")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate data-testid="restrictions-dialog-form">
        <Row label={t("governance:restrictions.dialog.record")} options={recordOptions} choice={record} error={errors.record} onChange={setRecord} />
        <Text fontWeight="semibold" mt={4}>
          {t("governance:restrictions.dialog.fields")}
        </Text>
        {view.fields.map((f) => (
          <Row key={f.fieldId} label={f.name} options={fieldOptions} choice={fields[f.fieldId]!} error={errors[f.fieldId]} onChange={(c) => setFields((all) => ({ ...all, [f.fieldId]: c }))} />
        ))}
        {errors.form ? (
          <Text color="red.700" mt={3} role="alert">
            {errors.form}
          </Text>
        ) : null}
      </form>
    </Modal>
  );
}
