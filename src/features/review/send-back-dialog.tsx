import { Button, Text } from "@chakra-ui/react";
import { yupResolver } from "@hookform/resolvers/yup";
import { useId, useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { CCAData } from "@/contracts/cca-data";
import { REVIEW_ERRORS, REVIEW_MESSAGE_MAX, type ReviewItem } from "@/contracts/review";
import { reviewDecisionSchema } from "@/contracts/review.schema";
import { Field } from "@/components/ui/chakra/field";
import { Textarea } from "@/components/ui/chakra/textarea";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, applyFieldErrors, translateMessage } from "@/lib/api/error-message";
import { decideReview } from "@/lib/api/review";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";

interface SendBackValues {
  action: "RETURN";
  message: string;
}

/** How the dialog closed: the record sent back, "stale" (someone decided it first: refresh), or null (dismissed). */
export type SendBackResult = CCAData | "stale" | null;

export interface SendBackDialogProps {
  item: ReviewItem;
  onClose: (result: SendBackResult) => void;
}

function SendBackBody({ item, onClose }: SendBackDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const resolver = useMemo(() => yupResolver(reviewDecisionSchema) as unknown as Resolver<SendBackValues>, []);
  const { register, setError, handleSubmit, formState } = useForm<SendBackValues>({ resolver, defaultValues: { action: "RETURN", message: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const messageError = translateMessage(t, formState.errors.message?.message);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const record = await decideReview(getBrowserClient(), item.id, { action: "RETURN", message: values.message.trim() });
      notify.success(t("governance:review.sent_back", { title: item.title }));
      onClose(record);
    } catch (error) {
      const apiError = ApiError.from(error);
      if (apiError.status === 409) {
        notify.error(t(REVIEW_ERRORS.notPending));
        onClose("stale");
        return;
      }
      if (applyFieldErrors(error, ["message"] as const, setError).length > 0) return;
      const first = Object.values(apiError.fieldErrors ?? {})[0];
      setFailure(translateMessage(t, first) ?? apiErrorMessage(t, error));
      notify.error(t("governance:review.dialog.error"));
    }
  });

  return (
    <Modal
      open
      onClose={() => onClose(null)}
      title={t("governance:review.dialog.title", { title: item.title })}
      description={t("governance:review.dialog.description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(null)}>
            {t("governance:review.dialog.cancel")}
          </Button>
          <Button type="submit" form={`${id}-form`} colorPalette="orange" loading={formState.isSubmitting}>
            {t("governance:review.dialog.confirm")}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate data-testid="send-back-form">
        <Field.Root invalid={messageError !== undefined} required>
          <Field.Label htmlFor={`${id}-message`}>{t("governance:review.dialog.message")}</Field.Label>
          <Textarea
            id={`${id}-message`}
            rows={5}
            bg="white"
            maxLength={REVIEW_MESSAGE_MAX}
            aria-invalid={messageError !== undefined}
            aria-describedby={`${id}-message-help${messageError ? ` ${id}-message-error` : ""}`}
            {...register("message")}
          />
          <Field.HelperText id={`${id}-message-help`}>{t("governance:review.dialog.message_help", { max: REVIEW_MESSAGE_MAX })}</Field.HelperText>
          {messageError ? <Field.ErrorText id={`${id}-message-error`}>{messageError}</Field.ErrorText> : null}
        </Field.Root>
        {failure ? (
          <Text color="red.700" mt={4} role="alert">
            {failure}
          </Text>
        ) : null}
      </form>
    </Modal>
  );
}

/** "Send back" of the review queue (loaded when opened): a required message to the contributor; the form's error texts come with it. */
export default function SendBackDialog(props: SendBackDialogProps) {
  return (
    <LazyNamespaces namespaces={["form"]}>
      <SendBackBody {...props} />
    </LazyNamespaces>
  );
}
