import { Button, Text } from "@chakra-ui/react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { RecordConsent, RecordConsentHistory } from "@/contracts/consent";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { changeRecordConsent } from "@/lib/api/consent";
import { applyFieldErrors, apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { ApiError } from "@/lib/api/api-error";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { ConsentFields, consentDefaults, consentFormValues, consentResolver, localToday, toConsentInput, type ConsentFormValues } from "@/components/consent/consent-fields";

export type ConsentDialogMode = "change" | "withdraw";

export interface ConsentDialogProps {
  recordId: number;
  title: string;
  mode: ConsentDialogMode;
  current: RecordConsent | null;
  /** The history after a change, or null when the dialog was dismissed. */
  onClose: (changed: RecordConsentHistory | null) => void;
}

const FIELDS: readonly (keyof ConsentFormValues)[] = ["audience", "registries", "givenBy", "method", "givenOn", "document", "note"];

/** The dialog's first values: a change starts from the current consent, dated today; a withdrawal is audience NONE. */
export function dialogDefaults(mode: ConsentDialogMode, current: RecordConsent | null, today = localToday()): ConsentFormValues {
  if (mode === "withdraw") return { ...consentDefaults(today), audience: "NONE", givenBy: current?.givenBy ?? "COMMUNITY" };
  return current ? consentFormValues({ ...current, givenOn: today, note: null }, today) : consentDefaults(today);
}

function ConsentDialogBody({ recordId, title, mode, current, onClose }: ConsentDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const resolver = useMemo(() => consentResolver(), []);
  const { control, setValue, setError, handleSubmit, formState } = useForm<ConsentFormValues>({ resolver, defaultValues: dialogDefaults(mode, current) });
  const [uploading, setUploading] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = mode === "withdraw";

  const submit = handleSubmit(async (values) => {
    if (uploading > 0) return;
    setFailure(null);
    try {
      const changed = await changeRecordConsent(getBrowserClient(), recordId, toConsentInput(values, withdraw ? "NONE" : (values.audience ?? "NONE")));
      notify.success(t(withdraw ? "governance:dialog.withdrawn" : "governance:dialog.changed"));
      onClose(changed);
    } catch (error) {
      const applied = applyFieldErrors(error, FIELDS, setError);
      if (applied.length > 0) return;
      const first = Object.values(ApiError.from(error).fieldErrors ?? {})[0];
      setFailure(translateMessage(t, first) ?? apiErrorMessage(t, error));
      notify.error(t("governance:dialog.error"));
    }
  });

  return (
    <Modal
      open
      onClose={() => onClose(null)}
      role={withdraw ? "alertdialog" : "dialog"}
      title={t(withdraw ? "governance:dialog.withdraw_title" : "governance:dialog.change_title", { title })}
      description={t(withdraw ? "governance:dialog.withdraw_description" : "governance:dialog.change_description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            {t("governance:dialog.cancel")}
          </Button>
          <Button type="submit" form={`${id}-form`} colorPalette={withdraw ? "red" : "teal"} loading={formState.isSubmitting} disabled={uploading > 0}>
            {t(withdraw ? "governance:dialog.withdraw_confirm" : "governance:dialog.save")}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate data-testid="consent-dialog-form">
        <ConsentFields
          control={control}
          setValue={setValue}
          errors={formState.errors}
          idPrefix={`${id}-consent`}
          withAudience={!withdraw}
          onUploadingChange={(busy) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1)))}
        />
        {failure ? (
          <Text color="red.700" mt={4} role="alert">
            {failure}
          </Text>
        ) : null}
      </form>
    </Modal>
  );
}

/** "Change consent" and "Withdraw consent" on a record's page (loaded when opened); the form's error texts come with it. */
export default function ConsentDialog(props: ConsentDialogProps) {
  return (
    <LazyNamespaces namespaces={["form"]}>
      <ConsentDialogBody {...props} />
    </LazyNamespaces>
  );
}
