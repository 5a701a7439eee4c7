import { Box, Button, Container, Flex, Heading, HStack, Spinner, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Head from "next/head";
import NextLink from "next/link";
import useTranslation from "next-translate/useTranslation";
import { useId, useState } from "react";
import type { LayoutData, LayoutOptions } from "@/components/layout/layout-types";
import { getBrowserClient } from "@/lib/api/client";
import { fetchDownloadLogs } from "@/lib/api/documents";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";

const LIMIT = 20;

function DownloadLogsView({ layout }: { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [sourceType, setSourceType] = useState("");
  const selectId = useId();
  const query = useQuery({
    queryKey: ["download-logs", offset, sourceType],
    queryFn: () => fetchDownloadLogs(getBrowserClient(), { offset, limit: LIMIT, ...(sourceType ? { sourceType } : {}) }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const date = (iso: string) => new Intl.DateTimeFormat(lang === "hi" ? "hi-IN" : "en-IN", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <>
      <Head>
        <title>{t("document:logs.title")}</title>
      </Head>
      <Container maxW="6xl" py={{ base: 4, md: 8 }}>
        <Flex wrap="wrap" gap={3} justify="space-between" align="center" mb={4}>
          <Heading as="h1" size="2xl">
            {t("document:logs.title")} {data ? `(${data.totalCount})` : ""}
          </Heading>
          <HStack>
            <label htmlFor={selectId}>{t("document:logs.source")}</label>
            <select
              id={selectId}
              className="cca-doc-select"
              value={sourceType}
              onChange={(e) => {
                setSourceType(e.target.value);
                setOffset(0);
              }}
            >
              <option value="">{t("document:logs.all")}</option>
              {Object.entries(data?.aggregate ?? {}).map(([k, n]) => (
                <option key={k} value={k}>
                  {k} ({n})
                </option>
              ))}
            </select>
          </HStack>
        </Flex>
        {query.isError ? (
          <Box role="alert" p={4} bg="white" borderWidth="1px" borderRadius="md">
            <Text mb={2}>{t("document:logs.error")}</Text>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t("document:list.retry")}
            </Button>
          </Box>
        ) : !data ? (
          <Spinner aria-label={t("common:loading")} />
        ) : data.list.length === 0 ? (
          <Text>{t("document:logs.empty")}</Text>
        ) : (
          <Box overflowX="auto" bg="white" borderWidth="1px" borderRadius="md">
            <table className="cca-doc-table">
              <thead>
                <tr>
                  <th scope="col">{t("document:logs.source")}</th>
                  <th scope="col">{t("document:logs.user")}</th>
                  <th scope="col">{t("document:logs.date")}</th>
                  <th scope="col">{t("document:logs.file")}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((e) => (
                  <tr key={e.id}>
                    <td>{e.filterUrl?.startsWith("/") ? <NextLink href={e.filterUrl}>{e.sourceType}</NextLink> : e.sourceType}</td>
                    <td>
                      <NextLink href={groupHref(layout.currentGroup.linkPrefix, `/user/show/${e.user.id}`)}>{e.user.name}</NextLink>
                    </td>
                    <td>
                      <time dateTime={e.createdOn}>{date(e.createdOn)}</time>
                    </td>
                    <td>
                      {e.filePath.startsWith("/files-api/") ? (
                        <a href={e.filePath} download>
                          {t("document:logs.download", { type: e.fileType.toUpperCase() })}
                        </a>
                      ) : (
                        e.fileType.toUpperCase()
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        )}
        {data && data.totalCount > LIMIT ? (
          <HStack justify="center" mt={4}>
            <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - LIMIT))}>
              {t("common:pagination.previous")}
            </Button>
            <Button size="sm" variant="outline" disabled={offset + LIMIT >= data.totalCount} onClick={() => setOffset(offset + LIMIT)}>
              {t("common:pagination.next")}
            </Button>
          </HStack>
        ) : null}
      </Container>
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };

/** /user/download-logs: the visitor's downloads and exports (administrators: everyone's), newest first, paged. */
export const DownloadLogsScreen = Object.assign(withQueryClient(DownloadLogsView), { layoutOptions });
