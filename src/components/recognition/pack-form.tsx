import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { FIELD_SETS, PACK_FORMATS, STANDARD_VERSIONS, type FieldSetId, type PackFormat } from "@/contracts/recognition";
import { AppLink } from "@/components/ui/app-link";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { downloadPackFile, fetchPackInfo, requestPack, waitForPack } from "@/lib/api/recognition";
import useTranslation from "@/lib/i18n/use-translation";
import { numberFormat } from "@/shared/format/intl";

export interface PackFormProps {
  /** The group whose pack it is; null for the whole site (administrators). */
  groupId: number | null;
  /** The coverage screen of the same scope. */
  coverageHref: string;
  /** How many records the pack holds, when the page knows (else asked here). */
  records?: number | null;
}

type Busy = { phase: "idle" } | { phase: "writing"; done: number; total: number | null } | { phase: "downloading" };

/**
 * The WDPCA / ICCA Registry pack (issue 31): the field set and the format, how many records go in,
 * and the download (the platform writes the file in the background; its progress shows here). Loaded
 * on use (the group header's dialog, the recognition screen), so it takes the API client directly.
 */
export function PackForm({ groupId, coverageHref, records: known = null }: PackFormProps) {
  const { t, lang } = useTranslation();
  const id = useId();
  const [fieldSet, setFieldSet] = useState<FieldSetId>("wdpca2025");
  const [format, setFormat] = useState<PackFormat>("gpkg");
  const [records, setRecords] = useState<number | null>(known);
  const [busy, setBusy] = useState<Busy>({ phase: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (known !== null) return;
    let live = true;
    fetchPackInfo(getBrowserClient(), groupId)
      .then((info) => live && setRecords(info.records))
      .catch(() => live && setRecords(null));
    return () => {
      live = false;
    };
  }, [groupId, known]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.phase !== "idle") return;
    setError(null);
    setDone(false);
    setBusy({ phase: "writing", done: 0, total: records });
    const client = getBrowserClient();
    try {
      const log = await requestPack(client, { fieldSet, format, groupId });
      const finished = await waitForPack(client, log.id, (l) => setBusy({ phase: "writing", done: l.done, total: l.total }));
      if (finished.status !== "success") throw new Error("failed");
      setBusy({ phase: "downloading" });
      await downloadPackFile(client, log.id);
      setDone(true);
    } catch (e) {
      if (e instanceof Error && e.message === "failed") setError(t("recognition:pack.failed"));
      else {
        const first = Object.values(ApiError.from(e).fieldErrors ?? {})[0];
        setError(first ? (translateMessage(t, first) ?? first) : apiErrorMessage(t, e));
      }
    } finally {
      setBusy({ phase: "idle" });
    }
  };

  const radio = (name: string, value: string, checked: boolean, onChange: () => void, label: string, help?: string) => (
    <label key={value} htmlFor={`${id}-${name}-${value}`} style={{ display: "flex", gap: "0.5rem", alignItems: "flex-start", cursor: "pointer" }}>
      <input id={`${id}-${name}-${value}`} type="radio" name={`${id}-${name}`} value={value} checked={checked} onChange={onChange} style={{ marginTop: 5 }} />
      <span>
        <Text as="span" display="block" fontWeight="medium">
          {label}
        </Text>
        {help ? (
          <Text as="span" display="block" fontSize="sm" color="gray.700">
            {help}
          </Text>
        ) : null}
      </span>
    </label>
  );

  return (
    <Box as="form" onSubmit={submit} data-testid="wdpca-pack-form" aria-busy={busy.phase !== "idle"}>
      <Stack gap={4}>
        <Text>{t("recognition:pack.intro")}</Text>
        <Text fontWeight="semibold" data-testid="wdpca-pack-count">
          {records === null ? t("recognition:pack.count_unknown") : t("recognition:pack.count", { count: records, n: numberFormat(lang).format(records) })}
        </Text>
        <Box as="fieldset" borderWidth="1px" borderRadius="md" px={3} pb={3} pt={1}>
          <Text as="legend" fontWeight="semibold" px={1}>
            {t("recognition:pack.field_set")}
          </Text>
          <Stack gap={2}>
            {FIELD_SETS.map((f) => radio("fieldSet", f, fieldSet === f, () => setFieldSet(f), t(`recognition:field_sets.${f}`), STANDARD_VERSIONS[f]))}
          </Stack>
        </Box>
        <Box as="fieldset" borderWidth="1px" borderRadius="md" px={3} pb={3} pt={1}>
          <Text as="legend" fontWeight="semibold" px={1}>
            {t("recognition:pack.format")}
          </Text>
          <Stack gap={2}>
            {PACK_FORMATS.map((f) => radio("format", f, format === f, () => setFormat(f), t(`recognition:formats.${f}`), t(`recognition:formats.${f}_help`)))}
          </Stack>
        </Box>
        <Stack direction={{ base: "column", sm: "row" }} gap={3} align={{ sm: "center" }}>
          <Button type="submit" colorPalette="teal" loading={busy.phase !== "idle"} disabled={records === 0} data-testid="wdpca-pack-download">
            {t("recognition:pack.download")}
          </Button>
          <AppLink href={coverageHref} color="teal.700">
            {t("recognition:pack.coverage_link")}
          </AppLink>
        </Stack>
        <Box role="status" aria-live="polite" minH="1.5em">
          {busy.phase === "writing" ? (
            <Text>{busy.total ? t("recognition:pack.writing_progress", { done: numberFormat(lang).format(busy.done), total: numberFormat(lang).format(busy.total) }) : t("recognition:pack.writing")}</Text>
          ) : null}
          {busy.phase === "downloading" ? <Text>{t("recognition:pack.downloading")}</Text> : null}
          {done ? <Text color="green.800">{t("recognition:pack.done")}</Text> : null}
        </Box>
        {error ? (
          <Text role="alert" color="red.700">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
