/**
 * The export dialog of the response table: format, language and the purpose note first; then the
 * export's progress (polled from its log entry) and, once written, the file to download.
 */
import { Box, Button, Progress, Stack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { AppLink } from "@/components/ui/app-link";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { EXPORT_FORMATS, EXPORT_NOTES_MAX, type ExportFormat } from "@/contracts/cca-export";
import type { ExportLog } from "@/contracts/download-log";
import type { TemplateLanguage } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import type { DataQueryParams } from "@/lib/api/cca-data";
import { downloadExportFile, fetchExportLog, requestExport } from "@/lib/api/cca-export";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  shortName: string;
  /** The table's parameters (filters, group); paging and sort are dropped. */
  params: DataQueryParams;
  logsHref: string;
}

const POLL_MS = 1000;

export function ExportProgress({ log }: { log: ExportLog }) {
  const { t } = useTranslation();
  if (log.status === "failed") {
    return (
      <Text role="alert" color="red.700">
        {t("data:export.failed")}
      </Text>
    );
  }
  if (log.status === "success") return <Text role="status">{t("data:export.ready")}</Text>;
  const total = log.total ?? 0;
  return (
    <Box role="status">
      <Text mb={2}>{log.status === "pending" ? t("data:export.queued") : t("data:export.preparing", { done: log.done, total })}</Text>
      <Progress.Root value={total > 0 ? Math.round((log.done / total) * 100) : null} colorPalette="teal" size="sm">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}

export default function ExportDialog({ open, onClose, shortName, params, logsHref }: ExportDialogProps) {
  const { t, lang } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [language, setLanguage] = useState<TemplateLanguage>(lang === "hi" ? "hi" : "en");
  const [notes, setNotes] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<ExportLog | null>(null);
  const ids = useId();

  // Poll the entry until the file is written or the export failed.
  useEffect(() => {
    if (!log || log.status === "success" || log.status === "failed") return;
    const timer = setTimeout(() => {
      fetchExportLog(getBrowserClient(), log.id).then(setLog, () => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [log]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = notes.trim();
    if (!text) return setProblem(t("data:export.errors.notes_required"));
    if ([...text].length > EXPORT_NOTES_MAX) return setProblem(t("data:export.errors.notes_too_long", { max: EXPORT_NOTES_MAX }));
    setProblem(null);
    setBusy(true);
    try {
      const { offset: _offset, limit: _limit, sort: _sort, order: _order, ...filters } = params;
      setLog(await requestExport(getBrowserClient(), { ...filters, shortName, format, language }, text));
    } catch (error) {
      const fieldError = ApiError.from(error).fieldErrors?.notes;
      setProblem(translateMessage(t, fieldError) ?? apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!log) return;
    try {
      await downloadExportFile(getBrowserClient(), log);
    } catch (error) {
      notify.error(`${t("data:export.download_error")} ${apiErrorMessage(t, error)}`);
    }
  };

  const formatName = (f: ExportFormat) => (f === "xlsx" ? "Excel" : f === "geojson" ? "GeoJSON" : "CSV");

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("data:export.title")}
      description={t("data:export.description")}
      footer={
        log ? (
          <Stack direction="row" gap={2} justify="flex-end" width="full" wrap="wrap">
            <AppLink href={logsHref} color="teal.700" alignSelf="center">
              {t("data:export.logs_link")}
            </AppLink>
            <Button colorPalette="teal" disabled={log.status !== "success"} onClick={() => void download()}>
              {t("data:export.download", { format: formatName(log.type) })}
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" gap={2} justify="flex-end" width="full">
            <Button variant="outline" onClick={onClose}>
              {t("data:export.cancel")}
            </Button>
            <Button type="submit" form={`${ids}-form`} colorPalette="teal" loading={busy}>
              {t("data:export.submit")}
            </Button>
          </Stack>
        )
      }
    >
      {log ? (
        <ExportProgress log={log} />
      ) : (
        <form id={`${ids}-form`} onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap={4}>
            <fieldset>
              <Text as="legend" fontWeight="semibold" mb={1}>
                {t("data:export.format")}
              </Text>
              <Stack gap={1}>
                {EXPORT_FORMATS.map((f) => (
                  <label key={f} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
                    <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
                    {t(`data:export.formats.${f}`)}
                  </label>
                ))}
              </Stack>
            </fieldset>
            <Field.Root>
              <Field.Label htmlFor={`${ids}-lang`}>{t("data:export.language")}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id={`${ids}-lang`} name="language" bg="white" value={language} onChange={(e) => setLanguage(e.target.value === "hi" ? "hi" : "en")}>
                  <option value="en">{t("data:export.languages.en")}</option>
                  <option value="hi">{t("data:export.languages.hi")}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={!!problem} required>
              <Field.Label htmlFor={`${ids}-notes`}>{t("data:export.notes")}</Field.Label>
              <Textarea
                id={`${ids}-notes`}
                name="notes"
                value={notes}
                maxLength={EXPORT_NOTES_MAX}
                rows={3}
                bg="white"
                aria-describedby={`${ids}-help${problem ? ` ${ids}-error` : ""}`}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => {
                  setNotes(e.target.value);
                  if (problem) setProblem(null);
                }}
              />
              <Text id={`${ids}-help`} fontSize="sm" color="gray.600">
                {t("data:export.notes_help", { max: EXPORT_NOTES_MAX })} {t("data:export.notes_count", { count: notes.length, max: EXPORT_NOTES_MAX })}
              </Text>
              {problem ? (
                <Text id={`${ids}-error`} role="alert" color="red.700" fontSize="sm">
                  {problem}
                </Text>
              ) : null}
            </Field.Root>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
