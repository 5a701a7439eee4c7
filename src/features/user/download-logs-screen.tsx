import { Badge, Box, Button, Container, Flex, Heading, Progress, Spinner, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Head from "next/head";
import { ROLES } from "@site-config";
import { useRouter } from "next/router";
import useTranslation from "next-translate/useTranslation";
import { useState } from "react";
import type { LayoutData, LayoutOptions } from "@/components/layout/layout-types";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import type { DownloadLog } from "@/contracts/cca-export";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { downloadExportFile, fetchDownloadLogs } from "@/lib/api/cca-export";
import { apiErrorMessage } from "@/lib/api/error-message";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { LOGS_PAGE_SIZE, logsOffset } from "./download-logs-query";
import type { DownloadLogsProps } from "./download-logs.ssr";

/** Polling while an export on the page is being prepared. */
const POLL_MS = 1500;
const FORMAT_NAMES = { csv: "CSV", xlsx: "Excel", geojson: "GeoJSON" } as const;
const STATUS_COLOURS = { pending: "gray", running: "blue", success: "green", failed: "red" } as const;

const formatCount = (n: number, lang: string) => new Intl.NumberFormat(lang === "hi" ? "hi-IN" : "en-IN").format(n);

function formatMoment(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === "hi" ? "hi-IN" : "en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" }).format(new Date(ms));
}

function Status({ log }: { log: DownloadLog }) {
  const { t, lang } = useTranslation();
  const inProgress = log.status === "pending" || log.status === "running";
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
          {log.total !== null ? (
            <Text fontSize="xs" color="gray.700">
              {t("user:download_logs.progress", { done: formatCount(log.done, lang), total: formatCount(log.total, lang) })}
            </Text>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

function DownloadLogsView({ offset: serverOffset, initial, layout }: DownloadLogsProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const offset = router.isReady ? logsOffset(router.query.offset) : serverOffset;
  const prefix = layout.currentGroup.linkPrefix;
  const isAdmin = layout.user?.roles.includes(ROLES.ADMIN) ?? false;
  const [busy, setBusy] = useState<number | null>(null);
  const logs = useQuery({
    queryKey: ["download-logs", offset],
    queryFn: async () => fetchDownloadLogs(await loadBrowserClient(), offset, LOGS_PAGE_SIZE),
    initialData: offset === serverOffset && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    // Progress: poll while an export on this page is being prepared.
    refetchInterval: (query) => (query.state.data?.downloadLogList.some((l) => l.status === "pending" || l.status === "running") ? POLL_MS : false),
  });
  const data = logs.data;
  const count = data?.count ?? 0;
  const page = Math.floor(offset / LOGS_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(count / LOGS_PAGE_SIZE));
  const go = (next: number) => {
    const { groupName } = router.query;
    void router.push({ pathname: router.pathname, query: { ...(typeof groupName === "string" ? { groupName } : {}), ...(next > 0 ? { offset: String(next) } : {}) } }, undefined, { shallow: true });
  };
  const download = async (log: DownloadLog) => {
    setBusy(log.id);
    try {
      await downloadExportFile(await loadBrowserClient(), log);
    } catch (error) {
      notify.error(`${t("user:download_logs.download_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Head>
        <title>{t("user:download_logs.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="7xl" py={{ base: 4, md: 8 }}>
        <Heading as="h1" size="2xl" mb={2}>
          {t("user:download_logs.heading", { count: formatCount(count, lang) })}
        </Heading>
        <Text color="gray.700" mb={4}>
          {isAdmin ? t("user:download_logs.intro_admin") : t("user:download_logs.intro")}
        </Text>
        {logs.isError && !data ? (
          <Box role="alert" bg="white" borderWidth="1px" borderRadius="lg" p={6} textAlign="center">
            <Text mb={4}>{t("user:download_logs.error")}</Text>
            <Button variant="outline" onClick={() => void logs.refetch()}>
              {t("user:download_logs.retry")}
            </Button>
          </Box>
        ) : !data ? (
          <Flex justify="center" py={10}>
            <Spinner size="lg" color="teal.600" aria-label={t("common:loading")} />
          </Flex>
        ) : data.downloadLogList.length === 0 ? (
          <Box bg="white" borderWidth="1px" borderRadius="lg" p={6} textAlign="center">
            <Text>{t("user:download_logs.empty")}</Text>
          </Box>
        ) : (
          <Box role="region" aria-label={t("user:download_logs.caption", { page, pages })} tabIndex={0} overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
            <Table.Root size="sm" aria-busy={logs.isFetching}>
              <Table.Caption srOnly>{t("user:download_logs.caption", { page, pages })}</Table.Caption>
              <Table.Header>
                <Table.Row>
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
                {data.downloadLogList.map((log) => (
                  <Table.Row key={log.id} data-log={log.id}>
                    <Table.Cell>
                      <AppLink href={groupHref(prefix, log.filterUrl)} color="teal.700">
                        {log.params.shortName}
                      </AppLink>
                    </Table.Cell>
                    <Table.Cell>
                      <AppLink href={groupHref(prefix, `/user/show/${log.user.id}`)} color="teal.700">
                        {log.user.name}
                      </AppLink>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <time dateTime={new Date(log.createdOn).toISOString()}>{formatMoment(log.createdOn, lang)}</time>
                    </Table.Cell>
                    <Table.Cell>{FORMAT_NAMES[log.type]}</Table.Cell>
                    <Table.Cell maxW="20rem">{log.notes}</Table.Cell>
                    <Table.Cell>
                      <Status log={log} />
                    </Table.Cell>
                    <Table.Cell>
                      {log.filePath ? (
                        <Button
                          size="xs"
                          colorPalette="teal"
                          loading={busy === log.id}
                          onClick={() => void download(log)}
                          aria-label={t("user:download_logs.download_label", { id: log.id, format: FORMAT_NAMES[log.type] })}
                        >
                          {t("user:download_logs.download")}
                        </Button>
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
          </Box>
        )}
        {data && pages > 1 ? (
          <nav aria-label={t("common:pagination.label")}>
            <Flex justify="center" align="center" gap={3} mt={6}>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go(offset - LOGS_PAGE_SIZE)} aria-label={t("user:download_logs.previous")}>
                {t("common:pagination.previous")}
              </Button>
              <Text>{t("user:download_logs.page", { page: formatCount(page, lang), pages: formatCount(pages, lang) })}</Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => go(offset + LOGS_PAGE_SIZE)} aria-label={t("user:download_logs.next")}>
                {t("common:pagination.next")}
              </Button>
            </Flex>
          </nav>
        ) : null}
      </Container>
    </>
  );
}

// The original hid the footer on this screen (screens §1.8).
const layoutOptions: LayoutOptions = { footer: false };

/** /user/download-logs: exports with their progress and files (own; administrators see all). */
export const DownloadLogsScreen = Object.assign(withQueryClient(DownloadLogsView), { layoutOptions });
