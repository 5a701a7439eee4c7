import { Box, Button, chakra, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { InputBox } from "@/components/ui/chakra/input";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useMemo, useRef, useState } from "react";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { ListFiltersButton, ListScreen } from "@/components/list/list-screen";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import type { TemplateLanguage } from "@/contracts/template";
import { fetchAggregation, searchRecords } from "@/lib/api/cca-data";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { fetchLayers } from "@/lib/api/naksha";
import { groupHref } from "@/lib/group-link";
import { useDeferredQueries } from "@/lib/query/deferred-queries";
import { OpenInGisButton } from "@/components/ogc/open-in-gis-button";
import { DataCard } from "./data-card";
import { DataFilters } from "./data-filters";
import {
  countActiveFilters,
  clearedState,
  dataListQueryString,
  dataListSearch,
  dataQueryParams,
  PAGE_SIZE,
  parseDataListQuery,
  questionOf,
  sameQuestion,
  shownSort,
  sortChoices,
  withSort,
  type DataListState,
} from "./data-list-query";
import { isDataSort } from "@/contracts/cca-data";
import type { DataListProps } from "./data-list.ssr";
import { formatCount } from "./facets";
import { useOptimisticRouteState } from "@/lib/routing/use-optimistic-route-state";
import { queryKeys } from "@/lib/query/query-keys";

/** Open Graph and Twitter card names (`og` + ":" + name), kept out of the translation-key scanner's way. */
const meta = (scheme: "og" | "twitter", name: string) => [scheme, name].join(":");

// MapLibre and the map code load only when the visitor switches to the map.
const DataMap = dynamic(() => import("./data-map"), { ssr: false, loading: MapLoading });

function MapLoading() {
  const { t } = useTranslation();
  return (
    <Flex h="60vh" align="center" justify="center" bg="gray.100" borderRadius="md">
      <Text>{t("data:list.map_loading")}</Text>
    </Flex>
  );
}

function DataListView({ state: serverState, fields, initial, layout }: DataListProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const language: TemplateLanguage = lang === "hi" ? "hi" : "en";
  // A change shows at once (checkboxes, sliders, pages), before the shallow navigation lands in router.query.
  const [optimistic, setOptimistic] = useOptimisticRouteState<DataListState>(router.events);
  const state = optimistic ?? (router.isReady ? parseDataListQuery(router.query) : serverState);
  const prefix = layout.currentGroup.linkPrefix;
  const groupId = layout.currentGroup.id;
  const groups = groupId === null && layout.features.userGroups ? layout.groups : [];
  const fromServer = sameQuestion(state, serverState) && initial !== null;
  const params = dataQueryParams(state, language, groupId);
  const question = questionOf(state);

  // The order does not change the facets or the map: they are asked once per filter set.
  const facetQuestion = questionOf({ ...state, offset: 0, sort: null });
  // The map layers of /map (maps flag on), offered on the results map: `layers=a,b` in the address.
  const mapsOn = layout.features.mapsPage;
  // The server's answer needs no react-query; another question, the map or a retry loads it.
  const { results, live } = useDeferredQueries({
    search: {
      queryKey: queryKeys.dataSearch(language, groupId, question),
      queryFn: async () => searchRecords(await loadBrowserClient(), params),
      initialData: fromServer ? initial.search : undefined,
      staleTime: 30_000,
      keepPrevious: true,
    },
    facets: {
      queryKey: queryKeys.dataAggregation(language, groupId, facetQuestion),
      queryFn: async () => fetchAggregation(await loadBrowserClient(), params),
      initialData: sameQuestion({ ...state, offset: 0, sort: null }, { ...serverState, offset: 0, sort: null }) && initial ? initial.aggregation : undefined,
      staleTime: 30_000,
      keepPrevious: true,
    },
    layerList: {
      queryKey: queryKeys.mapLayers(layout.user?.id ?? null),
      queryFn: async () => fetchLayers(await loadBrowserClient()),
      enabled: state.view === "map" && mapsOn,
      staleTime: 60_000,
    },
  });
  const { search, facets, layerList } = results;
  const shownLayers = useMemo(
    () =>
      mapsOn
        ? state.layers.flatMap((name) => {
            const layer = layerList.data?.find((l) => l.name === name);
            return layer ? [{ layer, opacity: 0.8 }] : [];
          })
        : [],
    [mapsOn, state.layers, layerList.data],
  );
  const toggleLayer = (layer: NakshaLayer) =>
    navigate({ ...state, layers: state.layers.includes(layer.name) ? state.layers.filter((n) => n !== layer.name) : [...state.layers, layer.name] });

  const resultsRef = useRef<HTMLHeadingElement>(null);
  const navigate = (next: DataListState, focusResults = false) => {
    const { groupName } = router.query;
    const query = { ...(typeof groupName === "string" ? { groupName } : {}), ...dataListSearch(next) };
    setOptimistic(next);
    void router.push({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false }).then(() => {
      if (focusResults) resultsRef.current?.focus();
    });
  };

  // The search box follows the URL (Back/Forward), and sets it on submit.
  const [text, setText] = useState(state.query);
  const [shownQuery, setShownQuery] = useState(state.query);
  if (shownQuery !== state.query) {
    setShownQuery(state.query);
    setText(state.query);
  }
  const searchId = useId();
  const sortId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const data = search.data;
  const total = data?.totalCount ?? 0;
  const page = Math.floor(state.offset / PAGE_SIZE) + 1;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const listHref = (next: DataListState) => `${groupHref(prefix, "/data/list")}${dataListQueryString(next)}`;
  const active = countActiveFilters(state);
  const countText = data ? t("data:list.results", { count: total, total: formatCount(total, lang) }) : "";

  const filters = (idPrefix: string) => (
    <DataFilters state={state} fields={fields} aggregation={facets.data ?? null} groups={groups} onChange={(next) => navigate(next)} idPrefix={idPrefix} />
  );

  return (
    <>
      <Head>
        <title>{t("data:list.title")}</title>
        <meta property={meta("og", "title")} content={t("data:list.title")} />
      </Head>
      <ListScreen
        title={t("data:list.heading")}
        controls={
          <Stack
            as="form"
            role="search"
            direction="row"
            gap={2}
            mb={6}
            align="flex-end"
            onSubmit={(e) => {
              e.preventDefault();
              navigate({ ...state, query: text.trim(), offset: 0 }, true);
            }}
          >
            <Box flex="1">
              <label htmlFor={searchId}>
                <Text as="span" fontSize="sm" fontWeight="medium">
                  {t("data:list.search_label")}
                </Text>
              </label>
              <InputBox id={searchId} type="search" name="query" bg="white" value={text} placeholder={t("data:list.search_placeholder")} onChange={(e) => setText(e.target.value)} />
            </Box>
            <Button type="submit" colorPalette="teal">
              {t("data:list.search_button")}
            </Button>
          </Stack>
        }
        filters={{
          label: t("data:list.filters_label"),
          content: filters,
          sidebar: true,
          open: filtersOpen,
          onClose: () => setFiltersOpen(false),
          doneLabel: (
            <>
              {t("data:list.apply")} {data ? `(${formatCount(total, lang)})` : ""}
            </>
          ),
        }}
        count={countText}
        countRef={resultsRef}
        isFetching={search.isFetching}
        actions={
          <>
            <HStack gap={2}>
              <label htmlFor={sortId}>
                <Text as="span" fontSize="sm" fontWeight="medium">
                  {t("data:list.sort_label")}
                </Text>
              </label>
              <chakra.select
                id={sortId}
                name="sort"
                value={shownSort(state)}
                onChange={(e) => {
                  if (isDataSort(e.target.value)) navigate(withSort(state, e.target.value), true);
                }}
                bg="white"
                borderWidth="1px"
                borderColor="gray.300"
                borderRadius="md"
                fontSize="sm"
                h="8"
                px="2"
              >
                {sortChoices(state).map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`data:list.sort.${sort}`)}
                  </option>
                ))}
              </chakra.select>
            </HStack>
            <ListFiltersButton onClick={() => setFiltersOpen(true)}>{t("data:list.filters_button", { count: active })}</ListFiltersButton>
            <HStack gap={0} role="group" aria-label={t("data:list.view_label")}>
              {(["list", "map"] as const).map((view) => (
                <Button
                  key={view}
                  size="sm"
                  variant={state.view === view ? "solid" : "outline"}
                  colorPalette="teal"
                  borderRadius={view === "list" ? "md 0 0 md" : "0 md md 0"}
                  aria-pressed={state.view === view}
                  onClick={() => navigate({ ...state, view })}
                >
                  {t(view === "list" ? "data:list.view_list" : "data:list.view_map")}
                </Button>
              ))}
            </HStack>
            <OpenInGisButton />
          </>
        }
        aboveResults={
          state.view === "map" ? (
            <Box mb={6}>
              {mapsOn && layerList.data && layerList.data.length > 0 ? (
                <Box as="fieldset" mb={3} borderWidth="1px" borderRadius="md" px={3} py={2}>
                  <Text as="legend" fontWeight="medium" fontSize="sm" px={1}>
                    {t("data:list.map_layers")}
                  </Text>
                  <Flex wrap="wrap" columnGap={4} rowGap={1}>
                    {layerList.data.map((layer) => (
                      <label key={layer.name} style={{ display: "inline-flex", gap: "0.4rem", alignItems: "center", fontSize: "0.9rem" }}>
                        <input type="checkbox" checked={state.layers.includes(layer.name)} onChange={() => toggleLayer(layer)} />
                        {layer.title}
                      </label>
                    ))}
                  </Flex>
                </Box>
              ) : null}
              {/* The map asks the server for the clusters of its view (issue 35), per filter set. */}
              <DataMap params={params} question={`${language} ${groupId ?? ""} ${facetQuestion}`} prefix={prefix} language={language} layers={shownLayers} />
            </Box>
          ) : null
        }
        data={data}
        failed={search.isError}
        isEmpty={(shown) => shown.data.length === 0}
        errorText={t("data:list.error")}
        retryLabel={t("data:list.retry")}
        onRetry={() => search.refetch()}
        loadingLabel={t("common:loading")}
        emptyContent={
          <>
            <Text fontWeight="semibold" mb={1}>
              {t("data:list.empty_title")}
            </Text>
            <Text color="gray.700" mb={4}>
              {t("data:list.empty_hint")}
            </Text>
            {active > 0 ? (
              <Button variant="outline" onClick={() => navigate(clearedState(state), true)}>
                {t("data:list.clear")}
              </Button>
            ) : null}
          </>
        }
        pager={{ page, totalPages, hrefOf: (p) => listHref({ ...state, offset: (p - 1) * PAGE_SIZE }), onPage: (p) => navigate({ ...state, offset: (p - 1) * PAGE_SIZE }, true) }}
      >
        {(shown) => (
          <ul className="cca-dl-cards" aria-busy={search.isFetching}>
            {shown.data.map((item) => (
              <DataCard key={item.id} item={item} href={groupHref(prefix, `/data/show/${item.id}`)} lang={lang} untitled={t("data:list.untitled")} labelName={(id) => t(`governance:labels.types.${id}.name`)} />
            ))}
          </ul>
        )}
      </ListScreen>
      {live}
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };

/** /data/list: browse the CCAs by filters, text and map; the footer stays hidden (spec §2). */
export const DataListScreen = Object.assign(DataListView, { layoutOptions });
