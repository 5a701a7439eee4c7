import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type FormEvent } from "react";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { FLAG_TYPES, type DocumentGroup, type DocumentTag, type FlagShow } from "@/contracts/document";
import { getBrowserClient } from "@/lib/api/client";
import { flagDocument, saveDocumentGroups, saveDocumentTags } from "@/lib/api/documents";
import { apiErrorMessage } from "@/lib/api/error-message";

export type DocumentDialogKind = "flag" | "tags" | "microsites";

export interface DocumentShowDialogProps {
  kind: DocumentDialogKind;
  documentId: number;
  tags: DocumentTag[];
  groups: DocumentGroup[];
  /** Groups the caller may post the document to (permissions). */
  postable: DocumentGroup[];
  onClose: () => void;
  onFlags: (flags: FlagShow[]) => void;
  onTags: (tags: DocumentTag[]) => void;
  onGroups: (groups: DocumentGroup[]) => void;
}

const NOTES_MAX = 1000;

/** The show page's dialogs (flag, tags, microsites), loaded when one first opens. */
export default function DocumentShowDialog(props: DocumentShowDialogProps) {
  if (props.kind === "flag") return <FlagDialog {...props} />;
  if (props.kind === "tags") return <TagsDialog {...props} />;
  return <MicrositesDialog {...props} />;
}

function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      const message = apiErrorMessage(t, e);
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function Footer({ busy, formId, submit, onClose }: { busy: boolean; formId: string; submit: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap={2}>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        {t("common:actions.cancel")}
      </Button>
      <Button type="submit" form={formId} colorPalette="teal" loading={busy}>
        {submit}
      </Button>
    </HStack>
  );
}

function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <Text role="alert" color="red.700" fontSize="sm">
      {error}
    </Text>
  ) : null;
}

function FlagDialog({ documentId, onClose, onFlags }: DocumentShowDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [flag, setFlag] = useState("");
  const [notes, setNotes] = useState("");
  const [missing, setMissing] = useState(false);
  const { busy, error, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flag) {
      setMissing(true);
      return;
    }
    void run(async () => {
      onFlags(await flagDocument(getBrowserClient(), documentId, flag, notes.trim()));
      notify.success(t("document:social.flagged_done"));
      onClose();
    });
  };
  return (
    <Modal open onClose={onClose} title={t("document:social.flag_title")} description={t("document:social.flag_intro")} footer={<Footer busy={busy} formId={formId} submit={t("document:social.flag")} onClose={onClose} />}>
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap={4}>
          <Field.Root required invalid={missing && !flag}>
            <Field.Label>{t("document:social.flag_reason")}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={flag} onChange={(e) => setFlag(e.target.value)}>
                <option value="">{t("document:social.flag_choose")}</option>
                {FLAG_TYPES.map((f) => (
                  <option key={f} value={f}>
                    {t(`document:social.flag_types.${f}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{t("document:social.flag_reason_required")}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t("document:social.flag_notes")}</Field.Label>
            <Textarea value={notes} maxLength={NOTES_MAX} onChange={(e) => setNotes(e.target.value)} rows={3} />
          </Field.Root>
          <ErrorText error={error} />
        </Stack>
      </form>
    </Modal>
  );
}

function TagsDialog({ documentId, tags, onClose, onTags }: DocumentShowDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [text, setText] = useState(tags.map((tag) => tag.name).join(", "));
  const { busy, error, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const names = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    void run(async () => {
      onTags(await saveDocumentTags(getBrowserClient(), documentId, names));
      notify.success(t("document:social.tags_saved"));
      onClose();
    });
  };
  return (
    <Modal open onClose={onClose} title={t("document:social.tags_title")} footer={<Footer busy={busy} formId={formId} submit={t("common:actions.save")} onClose={onClose} />}>
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap={4}>
          <Field.Root>
            <Field.Label>{t("document:social.tags_label")}</Field.Label>
            <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
            <Field.HelperText>{t("document:social.tags_hint")}</Field.HelperText>
          </Field.Root>
          <ErrorText error={error} />
        </Stack>
      </form>
    </Modal>
  );
}

function MicrositesDialog({ documentId, groups, postable, onClose, onGroups }: DocumentShowDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [chosen, setChosen] = useState(() => new Set(groups.map((g) => g.id)));
  const { busy, error, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const removed = postable.filter((g) => groups.some((p) => p.id === g.id) && !chosen.has(g.id));
    if (removed.length && !window.confirm(t("document:social.microsites_confirm_remove", { names: removed.map((g) => g.name).join(", ") }))) return;
    void run(async () => {
      onGroups(await saveDocumentGroups(getBrowserClient(), documentId, postable.filter((g) => chosen.has(g.id)).map((g) => g.id)));
      notify.success(t("document:social.microsites_saved"));
      onClose();
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t("document:social.microsites_title")}
      description={t("document:social.microsites_hint")}
      footer={<Footer busy={busy} formId={formId} submit={t("common:actions.save")} onClose={onClose} />}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap={3} as="fieldset">
          <Text as="legend" srOnly>
            {t("document:social.microsites_title")}
          </Text>
          <ul className="cca-dl-options">
            {postable.map((g) => (
              <li key={g.id}>
                <label className="cca-dl-opt">
                  <input
                    type="checkbox"
                    checked={chosen.has(g.id)}
                    onChange={(e) => {
                      const on = e.target.checked;
                      setChosen((prev) => {
                        const next = new Set(prev);
                        if (on) next.add(g.id);
                        else next.delete(g.id);
                        return next;
                      });
                    }}
                  />
                  {g.name}
                </label>
              </li>
            ))}
          </ul>
          <ErrorText error={error} />
        </Stack>
      </form>
    </Modal>
  );
}
