import { Button } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Textarea } from "@/components/ui/chakra/textarea";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState } from "react";
import { ValidationError } from "yup";
import { CONTRIBUTOR_MESSAGE_MAX, SOCIAL_ERRORS } from "@/contracts/cca-social";
import { FORM_ERRORS } from "@/contracts/field-errors";
import { requestorMessageSchema } from "@/contracts/record-social.schema";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { requestToContribute } from "@/lib/api/cca-social";
import { useSession } from "@/components/auth/session-context";
import { hasFieldError, socialErrorText } from "./social-errors";

export interface RequestDialogProps {
  recordId: number;
  title: string;
  onClose: () => void;
}

/**
 * The message's rule is the contract's (`requestorMessageSchema`: required, at most 200 characters), worded for the dialog. The texts live in
 * `contribute` (loaded with the record page), so the dialog needs no other namespace.
 */
export function requestMessageError(message: string): "contribute:request.message_required" | "contribute:request.message_too_long" | null {
  try {
    requestorMessageSchema.validateSync(message);
    return null;
  } catch (error) {
    return error instanceof ValidationError && error.message === FORM_ERRORS.required ? "contribute:request.message_required" : "contribute:request.message_too_long";
  }
}

/** "Request to contribute": a message of at most 200 characters to the owner and the data curators. */
export default function RequestDialog({ recordId, title, onClose }: RequestDialogProps) {
  const { t } = useTranslation();
  const { user, refreshUser } = useSession();
  const id = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = [...message.trim()].length;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = requestMessageError(message);
    if (invalid) {
      setError(t(invalid, { max: CONTRIBUTOR_MESSAGE_MAX }));
      return;
    }
    const me = user ?? refreshUser();
    if (!me) return;
    setBusy(true);
    setError(null);
    try {
      await requestToContribute(getBrowserClient(), recordId, me.id, message.trim());
      notify.success(t("contribute:request.sent"));
      onClose();
    } catch (e) {
      if (hasFieldError(e, SOCIAL_ERRORS.pending)) {
        notify.info(t("contribute:request.pending"));
        onClose();
      } else if (ApiError.from(e).fieldErrors?.requestorMessage) {
        setError(t(requestMessageError(message) ?? "contribute:request.message_required", { max: CONTRIBUTOR_MESSAGE_MAX }));
      } else {
        notify.error(t("contribute:request.error"), socialErrorText(t, e));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t("contribute:request.title", { title })}
      description={t("contribute:request.description")}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t("contribute:request.cancel")}
          </Button>
          <Button type="submit" form={`${id}-form`} colorPalette="teal" loading={busy}>
            {t("contribute:request.submit")}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field.Root invalid={error !== null} required>
          <Field.Label>{t("contribute:request.message_label")}</Field.Label>
          <Textarea
            name="requestorMessage"
            rows={4}
            value={message}
            maxLength={CONTRIBUTOR_MESSAGE_MAX + 50}
            onChange={(e) => {
              setMessage(e.target.value);
              if (error) setError(null);
            }}
          />
          <Field.HelperText>
            {t("contribute:request.message_help")} <span aria-live="polite">{t("contribute:request.counter", { count, max: CONTRIBUTOR_MESSAGE_MAX })}</span>
          </Field.HelperText>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
      </form>
    </Modal>
  );
}
