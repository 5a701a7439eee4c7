import { Button, HStack, Text } from "@chakra-ui/react";
import { Table } from "@/components/ui/chakra/table";
import { TableRegion } from "@/components/ui/table-region";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { ListScreen } from "@/components/list/list-screen";
import type { DataTableColumn, DataTableResponse } from "@/contracts/cca-export";
import type { TemplateLanguage } from "@/contracts/template";
import { fetchAggregation } from "@/lib/api/cca-data";
import { fetchDataTable } from "@/lib/api/cca-export";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { DataFilters } from "./data-filters";
import { clearedState, dataListQueryString, dataQueryParams } from "./data-list-query";
import { activeFilterCount, dataTableParams, dataTableSearch, parseDataTableQuery, TABLE_PAGE_SIZE, type DataTableState } from "./data-table-query";
import type { DataTableProps } from "./data-table.ssr";
import { describeValue, formatDate } from "./data-values";
import { formatCount } from "./facets";
import { useOptimisticRouteState } from "@/lib/routing/use-optimistic-route-state";
import { queryKeys } from "@/lib/query/query-keys";

// The export dialog (form, progress, download) loads when a curator opens it.
const ExportDialog = dynamic(() => import("./data-export-dialog"), { ssr: false });

const sameTable = (a: DataTableState, b: DataTableState) => JSON.stringify(dataTableSearch(a)) === JSON.stringify(dataTableSearch(b));

function Cell({ row, column, lang }: { row: DataTableResponse["data"][number]; column: DataTableColumn; lang: string }) {
  const value = row.values.find((v) => v.fieldId === column.fieldId);
  if (!value) return null;
  const view = describeValue(value.type, value.value, lang);
  if (view.kind === "text" || view.kind === "link") return <>{view.text}</>;
  // Rich text reads as plain text in a cell (tags stripped, cut short).
  if (view.kind === "html") {
    const text = view.html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
    return <>{text.length > 120 ? `${text.slice(0, 119)}…` : text}</>;
  }
  return null;
}

function DataTableView({ shortName, name, state: serverState, fields, initial, layout }: DataTableProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const language: TemplateLanguage = lang === "hi" ? "hi" : "en";
  // A change shows at once (checkboxes, sliders, pages), before the shallow navigation lands in router.query.
  const [optimistic, setOptimistic] = useOptimisticRouteState<DataTableState>(router.events);
  const state = optimistic ?? (router.isReady ? parseDataTableQuery(router.query) : serverState);
  const prefix = layout.currentGroup.linkPrefix;
  const groupId = layout.currentGroup.id;
  const params = dataTableParams(shortName, state, language, groupId);
  const table = useQuery({
    queryKey: queryKeys.dataTable(shortName, language, groupId, JSON.stringify(dataTableSearch(state))),
    queryFn: async () => fetchDataTable(await loadBrowserClient(), params),
    initialData: sameTable(state, serverState) && initial ? initial : undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const facets = useQuery({
    queryKey: queryKeys.dataAggregation(language, groupId, dataListQueryString(state.filters)),
    queryFn: async () => fetchAggregation(await loadBrowserClient(), dataQueryParams(state.filters, language, groupId)),
    enabled: filtersOpen,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  const navigate = (next: DataTableState) => {
    const { groupName } = router.query;
    const query = { ...(typeof groupName === "string" ? { groupName } : {}), shortName, ...dataTableSearch(next) };
    setOptimistic(next);
    void router.push({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };

  const data = table.data;
  const total = data?.totalCount ?? 0;
  const page = Math.floor(state.offset / TABLE_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
  const active = activeFilterCount(state);
  const recordHref = (id: number) => groupHref(prefix, `/data/show/${id}`);
  const sortBy = (key: string) => navigate({ ...state, offset: 0, sort: key, order: state.sort === key && state.order === "asc" ? "desc" : "asc" });
  const ariaSort = (key: string) => (state.sort === key ? (state.order === "asc" ? "ascending" : "descending") : undefined);
  const sortable = (column: DataTableColumn) => column.type !== "FILE" && column.type !== "GEOMETRY" && column.type !== "HEADING";

  const header = (key: string, label: string, canSort = true) => (
    <Table.ColumnHeader key={key} aria-sort={ariaSort(key)} whiteSpace="nowrap">
      {canSort ? (
        <Button variant="ghost" size="xs" px={1} onClick={() => sortBy(key)} aria-label={t("data:table.sort_by", { name: label })}>
          {label}
          <span aria-hidden="true">{state.sort === key ? (state.order === "asc" ? " ▲" : " ▼") : ""}</span>
        </Button>
      ) : (
        label
      )}
    </Table.ColumnHeader>
  );

  return (
    <>
      <Head>
        <title>{t("data:table.title", { name })}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <ListScreen
        title={t("data:table.heading", { name })}
        titleActions={
          <HStack gap={2} wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setFiltersOpen(true)}>
              {t("data:list.filters_button", { count: active })}
            </Button>
            <Button size="sm" colorPalette="teal" onClick={() => setExportOpen(true)}>
              {t("data:export.button")}
            </Button>
          </HStack>
        }
        filters={{
          label: t("data:list.filters_label"),
          content: (idPrefix) => (
            <DataFilters
              state={state.filters}
              fields={fields}
              aggregation={facets.data ?? null}
              groups={groupId === null && layout.features.userGroups ? layout.groups : []}
              onChange={(next) => navigate({ ...state, offset: 0, filters: { ...next, offset: 0 } })}
              idPrefix={idPrefix}
            />
          ),
          sidebar: false,
          open: filtersOpen,
          onClose: () => setFiltersOpen(false),
          doneLabel: (
            <>
              {t("data:list.apply")} {data ? `(${formatCount(total, lang)})` : ""}
            </>
          ),
        }}
        count={data ? t("data:table.total", { count: total, total: formatCount(total, lang) }) : ""}
        countExtra={
          active > 0 ? (
            <>
              <Text color="gray.700">{t("data:table.filters_active", { count: active })}</Text>
              <Button size="xs" variant="outline" onClick={() => navigate({ ...state, offset: 0, filters: clearedState(state.filters) })}>
                {t("data:table.clear_filters")}
              </Button>
            </>
          ) : null
        }
        isFetching={table.isFetching}
        data={data}
        failed={table.isError}
        isEmpty={(shown) => shown.data.length === 0}
        errorText={t("data:table.error")}
        retryLabel={t("data:table.retry")}
        onRetry={() => table.refetch()}
        loadingLabel={t("data:table.loading")}
        emptyContent={<Text>{t("data:table.empty")}</Text>}
        pager={{ page, totalPages: pages, onPage: (p) => navigate({ ...state, offset: (p - 1) * TABLE_PAGE_SIZE }) }}
      >
        {(shown) => (
          <TableRegion label={t("data:table.caption", { name, page, pages })}>
            <Table.Root size="sm" interactive aria-busy={table.isFetching}>
              <Table.Caption srOnly>{t("data:table.caption", { name, page, pages })}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {header("id", t("data:table.id"))}
                  {shown.columns.map((c) => header(c.fieldId, c.name, sortable(c)))}
                  {header("updatedOn", t("data:table.updated"))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.data.map((row) => (
                  <Table.Row
                    key={row.id}
                    data-record={row.id}
                    cursor="pointer"
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest("a")) return;
                      void router.push(recordHref(row.id));
                    }}
                  >
                    <Table.Cell>
                      <AppLink href={recordHref(row.id)} color="teal.700" aria-label={t("data:table.open_record", { id: row.id })}>
                        {row.id}
                      </AppLink>
                    </Table.Cell>
                    {shown.columns.map((c) => (
                      <Table.Cell key={c.fieldId} maxW="24rem">
                        <Cell row={row} column={c} lang={lang} />
                      </Table.Cell>
                    ))}
                    <Table.Cell whiteSpace="nowrap">
                      <time dateTime={new Date(row.updatedOn).toISOString()}>{formatDate(row.updatedOn, lang)}</time>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableRegion>
        )}
      </ListScreen>
      {exportOpen ? <ExportDialog open={exportOpen} onClose={() => setExportOpen(false)} shortName={shortName} params={params} logsHref={groupHref(prefix, "/user/download-logs")} /> : null}
    </>
  );
}

/** /data/table/{shortName}: a template's responses, paged and sorted on the server, with exports. */
export const DataTableScreen = withQueryClient(DataTableView);
