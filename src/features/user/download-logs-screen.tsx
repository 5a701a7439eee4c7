import { Badge, Box, Button, Link, Progress, Text } from "@chakra-ui/react";
import { Table } from "@/components/ui/chakra/table";
import { TableRegion } from "@/components/ui/table-region";
import { Field } from "@/components/ui/chakra/field";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Head from "next/head";
import { ROLES } from "@site-config";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState } from "react";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { ListScreen } from "@/components/list/list-screen";
import { notify } from "@/components/ui/toaster";
import { DOWNLOAD_SOURCES, type DownloadLog, type DownloadSource, type ExportLog } from "@/contracts/download-log";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { downloadExportFile } from "@/lib/api/cca-export";
import { fetchDownloadLogs } from "@/lib/api/download-log";
import { apiErrorMessage } from "@/lib/api/error-message";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { LOGS_PAGE_SIZE, logsOffset, logsSource } from "./download-logs-query";
import type { DownloadLogsProps } from "./download-logs.ssr";
import { dateTimeFormat, numberFormat } from "@/shared/format/intl";
import { queryKeys } from "@/lib/query/query-keys";

/** Polling while an export on the page is being prepared. */
const POLL_MS = 1500;
// gpkg and shp: WDPCA / ICCA Registry packs (issue 31), listed as exports.
const FORMAT_NAMES: Record<string, string> = { csv: "CSV", xlsx: "Excel", geojson: "GeoJSON", gpkg: "GeoPackage", shp: "Shapefile (zip)" };
const STATUS_COLOURS = { pending: "gray", running: "blue", success: "green", failed: "red" } as const;

const formatName = (log: DownloadLog) => (log.sourceType === "ccaData" ? (FORMAT_NAMES[log.type] ?? log.type.toUpperCase()) : log.type.toUpperCase());

const formatCount = (n: number, lang: string) => numberFormat(lang).format(n);

function formatMoment(ms: number, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(new Date(ms));
}

function Status({ log }: { log: DownloadLog }) {
  const { t, lang } = useTranslation();
  const inProgress = log.sourceType === "ccaData" && (log.status === "pending" || log.status === "running");
  return (
    <Box minW="10rem">
      <Badge colorPalette={STATUS_COLOURS[log.status]}>{t(`user:download_logs.status.${log.status}`)}</Badge>
      {inProgress ? (
        <>
          <Progress.Root
            mt={1}
            size="xs"
            colorPalette="teal"
            value={log.total ? Math.round((log.done / log.total) * 100) : null}
            aria-label={t("user:download_logs.progress_label", { id: log.id })}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {log.sourceType === "ccaData" && log.total !== null ? (
            <Text fontSize="xs" color="gray.700">
              {t("user:download_logs.progress", { done: formatCount(log.done, lang), total: formatCount(log.total, lang) })}
            </Text>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

function DownloadLogsView({ offset: serverOffset, sourceType: serverSource, initial, layout }: DownloadLogsProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const filterId = useId();
  const offset = router.isReady ? logsOffset(router.query.offset) : serverOffset;
  const sourceType = router.isReady ? logsSource(router.query.sourceType) : serverSource;
  const prefix = layout.currentGroup.linkPrefix;
  const isAdmin = layout.user?.roles.includes(ROLES.ADMIN) ?? false;
  const [busy, setBusy] = useState<number | null>(null);
  const logs = useQuery({
    queryKey: queryKeys.downloadLogs(offset, sourceType, lang),
    queryFn: async () => fetchDownloadLogs(await loadBrowserClient(), { offset, limit: LOGS_PAGE_SIZE, sourceType, language: lang === "hi" ? "hi" : "en" }),
    initialData: offset === serverOffset && sourceType === serverSource && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    // Progress: poll while an export on this page is being prepared.
    refetchInterval: (query) => (query.state.data?.downloadLogList.some((l) => l.sourceType === "ccaData" && (l.status === "pending" || l.status === "running")) ? POLL_MS : false),
  });
  const data = logs.data;
  const count = data?.count ?? 0;
  const page = Math.floor(offset / LOGS_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(count / LOGS_PAGE_SIZE));
  const go = (next: { offset: number; sourceType: DownloadSource | null }) => {
    const { groupName } = router.query;
    const query = {
      ...(typeof groupName === "string" ? { groupName } : {}),
      ...(next.sourceType ? { sourceType: next.sourceType } : {}),
      ...(next.offset > 0 ? { offset: String(next.offset) } : {}),
    };
    void router.push({ pathname: router.pathname, query }, undefined, { shallow: true });
  };
  const download = async (log: ExportLog) => {
    setBusy(log.id);
    try {
      await downloadExportFile(await loadBrowserClient(), log);
    } catch (error) {
      notify.error(`${t("user:download_logs.download_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(null);
    }
  };
  const total = data ? DOWNLOAD_SOURCES.reduce((n, s) => n + data.aggregate[s], 0) : 0;

  return (
    <>
      <Head>
        <title>{t("user:download_logs.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <ListScreen
        title={t("user:download_logs.heading", { count: formatCount(count, lang) })}
        subtitle={isAdmin ? t("user:download_logs.intro_admin") : t("user:download_logs.intro")}
        controls={
          data ? (
            <Field.Root maxW="18rem" mb={4}>
              <Field.Label htmlFor={filterId}>{t("user:download_logs.filter_label")}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id={filterId} value={sourceType ?? ""} onChange={(e) => go({ offset: 0, sourceType: logsSource(e.target.value) })}>
                  <option value="">{t("user:download_logs.types.all", { count: formatCount(total, lang) })}</option>
                  {DOWNLOAD_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {t("user:download_logs.type_option", { type: t(`user:download_logs.types.${s}`), count: formatCount(data.aggregate[s], lang) })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null
        }
        data={data}
        failed={logs.isError}
        isEmpty={(shown) => shown.downloadLogList.length === 0}
        errorText={t("user:download_logs.error")}
        retryLabel={t("user:download_logs.retry")}
        onRetry={() => logs.refetch()}
        loadingLabel={t("common:loading")}
        emptyContent={<Text>{sourceType ? t("user:download_logs.empty_filtered") : t("user:download_logs.empty")}</Text>}
        pager={{ page, totalPages: pages, onPage: (p) => go({ offset: (p - 1) * LOGS_PAGE_SIZE, sourceType }) }}
      >
        {(shown) => (
          <TableRegion label={t("user:download_logs.caption", { page, pages })}>
            <Table.Root size="sm" aria-busy={logs.isFetching}>
              <Table.Caption srOnly>{t("user:download_logs.caption", { page, pages })}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t("user:download_logs.columns.type")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.source")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.user")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.created")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.format")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.notes")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.status")}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t("user:download_logs.columns.file")}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.downloadLogList.map((log) => (
                  <Table.Row key={log.id} data-log={log.id} data-source={log.sourceType}>
                    <Table.Cell>
                      <Badge colorPalette={log.sourceType === "ccaData" ? "purple" : "orange"}>{t(`user:download_logs.types.${log.sourceType}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {log.sourceType === "ccaData" ? (
                        <AppLink href={groupHref(prefix, log.filterUrl ?? `/data/table/${log.params.shortName}`)} color="teal.700">
                          {log.params.title ?? log.params.shortName}
                        </AppLink>
                      ) : log.params.documentId !== null ? (
                        <AppLink href={groupHref(prefix, `/document/show/${log.params.documentId}`)} color="teal.700">
                          {log.params.title}
                        </AppLink>
                      ) : (
                        <Text color="gray.700">{t("user:download_logs.document_gone")}</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <AppLink href={groupHref(prefix, `/user/show/${log.user.id}`)} color="teal.700">
                        {log.user.name}
                      </AppLink>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <time dateTime={new Date(log.createdOn).toISOString()}>{formatMoment(log.createdOn, lang)}</time>
                    </Table.Cell>
                    <Table.Cell>{formatName(log)}</Table.Cell>
                    <Table.Cell maxW="20rem">{log.notes}</Table.Cell>
                    <Table.Cell>
                      <Status log={log} />
                    </Table.Cell>
                    <Table.Cell>
                      {log.sourceType === "document" ? (
                        log.filePath ? (
                          <Link href={log.filePath} target="_blank" rel="noopener" color="teal.700" aria-label={t("user:download_logs.open_file_label", { id: log.id, format: formatName(log) })}>
                            {t("user:download_logs.open_file")}
                          </Link>
                        ) : null
                      ) : log.filePath ? (
                        <Button
                          size="xs"
                          colorPalette="teal"
                          loading={busy === log.id}
                          onClick={() => void download(log)}
                          aria-label={t("user:download_logs.download_label", { id: log.id, format: formatName(log) })}
                        >
                          {t("user:download_logs.download")}
                        </Button>
                      ) : log.status === "success" && log.supersededOn ? (
                        <Text fontSize="xs" color="gray.700" data-testid="export-superseded">
                          {t("user:download_logs.superseded")}
                        </Text>
                      ) : log.status === "success" ? (
                        <Text fontSize="xs" color="gray.700">
                          {t("user:download_logs.not_yours")}
                        </Text>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableRegion>
        )}
      </ListScreen>
    </>
  );
}

// The original hid the footer on this screen (screens §1.8).
const layoutOptions: LayoutOptions = { footer: false };

/** /user/download-logs: exports with their progress and files, and document downloads (own; administrators see all). */
export const DownloadLogsScreen = Object.assign(withQueryClient(DownloadLogsView), { layoutOptions });
