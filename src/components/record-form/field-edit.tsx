import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { yupResolver } from "@hookform/resolvers/yup";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { recordValuesSchema } from "@/contracts/record-rules";
import type { CCAField } from "@/contracts/template";
import { fieldUpdateEntry, formValueOf } from "./field-edit-model";
import type { FormValues } from "./form-model";
import { RecordField } from "./record-field";

export type FieldSaveOutcome = { ok: true } | { ok: false; fieldError?: string; message?: string };

export interface FieldEditorProps {
  field: CCAField;
  /** The stored value (`ccaFieldValues[fieldId].value`), undefined when empty. */
  value: unknown;
  onSave: (ccaFieldValues: ReturnType<typeof fieldUpdateEntry>) => Promise<FieldSaveOutcome>;
  onCancel: () => void;
}

/**
 * One field of a record in its participation input, with Save and Cancel: checked by the rule module
 * of the server (`partial`: a required field cannot be emptied), the server's refusal shown in place.
 */
export function FieldEditor({ field, value, onSave, onCancel }: FieldEditorProps) {
  const { t } = useTranslation();
  const resolver = useMemo(() => yupResolver(recordValuesSchema([field], { partial: true })) as unknown as Resolver<FormValues>, [field]);
  const defaultValues = useMemo(() => ({ [field.fieldId]: formValueOf(field, value) }), [field, value]);
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({ resolver, defaultValues });
  const [uploading, setUploading] = useState(0);
  const trackUpload = useCallback((busy: boolean) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1))), []);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    if (uploading > 0) {
      setFailure(t("template:participate.form.uploading_wait"));
      return;
    }
    setFailure(null);
    const result = await onSave(fieldUpdateEntry(field, values[field.fieldId]));
    if (result.ok) return;
    if (result.fieldError) setError(field.fieldId, { type: "server", message: result.fieldError });
    else setFailure(result.message ?? t("data:edit.save_error"));
  });

  const error = (formState.errors[field.fieldId] as { message?: string } | undefined)?.message;
  return (
    <form onSubmit={submit} noValidate data-testid={`field-editor-${field.fieldId}`}>
      <Stack gap={3}>
        <RecordField field={field} control={control} error={error} onUploadingChange={trackUpload} />
        {failure ? (
          <Text role="alert" color="red.700" fontSize="sm">
            {failure}
          </Text>
        ) : null}
        <HStack gap={3}>
          <Button type="submit" colorPalette="teal" size="sm" loading={formState.isSubmitting}>
            {t("data:edit.save")}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={formState.isSubmitting}>
            {t("data:edit.cancel")}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
