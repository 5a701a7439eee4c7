import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Head from "next/head";
import NextLink from "next/link";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useRef, useState, type FormEvent } from "react";
import { ROLES } from "@site-config";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { ListFiltersButton, ListScreen } from "@/components/list/list-screen";
import { DOCUMENT_PAGE_SIZE, ITEM_TYPES, itemTypeById, type DocumentAggregation } from "@/contracts/document";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { listDocuments } from "@/lib/api/documents";
import { hasAccess } from "@/shared/access";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { DocumentCard } from "./document-card";
import { countActiveDocumentFilters, documentListQueryString, documentListSearch, documentQueryParams, EMPTY_DOCUMENT_STATE, parseDocumentListQuery, sameDocumentQuestion, type DocumentListState } from "./document-list-query";
import type { DocumentListProps } from "./document-list.ssr";
import { numberFormat } from "@/shared/format/intl";
import { useOptimisticRouteState } from "@/lib/routing/use-optimistic-route-state";
import { queryKeys } from "@/lib/query/query-keys";

/** Counts as the visitor's language writes numbers (Indian digit grouping). */
function formatCount(count: number, lang: string): string {
  return numberFormat(lang).format(count);
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

interface FiltersProps {
  state: DocumentListState;
  aggregation: DocumentAggregation | null;
  groups: { id: number; name: string }[];
  onChange: (next: DocumentListState) => void;
  idPrefix: string;
}

/** The filters: type, year, title, author, publisher, tags, microsites and flagged, each with its counts. */
function DocumentFilters({ state, aggregation, groups, onChange, idPrefix }: FiltersProps) {
  const { t, lang } = useTranslation();
  const set = (patch: Partial<DocumentListState>) => onChange({ ...state, ...patch, offset: 0 });
  const [texts, setTexts] = useState({ title: state.title, author: state.author, publisher: state.publisher, yearMin: state.yearMin, yearMax: state.yearMax });
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setTexts({ title: state.title, author: state.author, publisher: state.publisher, yearMin: state.yearMin, yearMax: state.yearMax });
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const year = (v: string) => (/^\d{4}$/.test(v.trim()) ? v.trim() : "");
    set({ title: texts.title.trim(), author: texts.author.trim(), publisher: texts.publisher.trim(), yearMin: year(texts.yearMin), yearMax: year(texts.yearMax) });
  };
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${formatCount(n, lang)})`);
  const textField = (name: "title" | "author" | "publisher") => (
    <Box key={name}>
      <label htmlFor={`${idPrefix}-${name}`}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {t(`document:filters.${name}`)}
        </Text>
      </label>
      <Input id={`${idPrefix}-${name}`} size="sm" bg="white" value={texts[name]} onChange={(e) => setTexts({ ...texts, [name]: e.target.value })} />
    </Box>
  );
  const tagCounts = aggregation?.groupTags ?? {};
  const tagNames = [...new Set([...state.tags, ...Object.keys(tagCounts)])];
  return (
    <div>
      <details className="cca-dl-facet" open>
        <summary>{t("document:filters.type")}</summary>
        <fieldset>
          <legend className="cca-visually-hidden">{t("document:filters.type")}</legend>
          <ul className="cca-dl-options">
            {ITEM_TYPES.filter((type) => state.itemType.includes(type.id) || (aggregation?.groupTypeOfDocument[String(type.id)] ?? 0) > 0).map((type) => (
              <li key={type.id}>
                <label className="cca-dl-opt">
                  <input type="checkbox" checked={state.itemType.includes(type.id)} onChange={() => set({ itemType: toggle(state.itemType, type.id) })} />
                  {t(`document:types.${type.key}`)}
                  {count(aggregation?.groupTypeOfDocument[String(type.id)] ?? 0)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>
      <form className="cca-dl-facet" onSubmit={submit} aria-label={t("document:filters.text_label")}>
        <Stack gap={2}>
          <HStack gap={2} align="flex-end">
            <Box flex="1">
              <label htmlFor={`${idPrefix}-yearMin`}>
                <Text as="span" fontSize="sm" fontWeight="medium">
                  {t("document:filters.year_from")}
                </Text>
              </label>
              <Input id={`${idPrefix}-yearMin`} size="sm" bg="white" inputMode="numeric" maxLength={4} value={texts.yearMin} onChange={(e) => setTexts({ ...texts, yearMin: e.target.value })} />
            </Box>
            <Box flex="1">
              <label htmlFor={`${idPrefix}-yearMax`}>
                <Text as="span" fontSize="sm" fontWeight="medium">
                  {t("document:filters.year_to")}
                </Text>
              </label>
              <Input id={`${idPrefix}-yearMax`} size="sm" bg="white" inputMode="numeric" maxLength={4} value={texts.yearMax} onChange={(e) => setTexts({ ...texts, yearMax: e.target.value })} />
            </Box>
          </HStack>
          {(["title", "author", "publisher"] as const).map(textField)}
          <Button type="submit" size="sm" colorPalette="teal">
            {t("document:filters.apply")}
          </Button>
        </Stack>
      </form>
      {tagNames.length ? (
        <details className="cca-dl-facet" open>
          <summary>{t("document:filters.tags")}</summary>
          <fieldset>
            <legend className="cca-visually-hidden">{t("document:filters.tags")}</legend>
            <ul className="cca-dl-options">
              {tagNames.map((name) => (
                <li key={name}>
                  <label className="cca-dl-opt">
                    <input type="checkbox" checked={state.tags.includes(name)} onChange={() => set({ tags: toggle(state.tags, name) })} />
                    {name}
                    {count(tagCounts[name])}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      ) : null}
      {groups.length ? (
        <details className="cca-dl-facet">
          <summary>{t("document:filters.microsites")}</summary>
          <fieldset>
            <legend className="cca-visually-hidden">{t("document:filters.microsites")}</legend>
            <ul className="cca-dl-options">
              {groups.map((g) => (
                <li key={g.id}>
                  <label className="cca-dl-opt">
                    <input type="checkbox" checked={state.userGroupList.includes(g.id)} onChange={() => set({ userGroupList: toggle(state.userGroupList, g.id) })} />
                    {g.name}
                    {count(aggregation?.groupUserGroupName[String(g.id)] ?? 0)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      ) : null}
      <details className="cca-dl-facet">
        <summary>{t("document:filters.quality")}</summary>
        <fieldset>
          <legend className="cca-visually-hidden">{t("document:filters.quality")}</legend>
          <ul className="cca-dl-options">
            {(["", "false", "true"] as const).map((v) => (
              <li key={v || "all"}>
                <label className="cca-dl-opt">
                  <input type="radio" name={`${idPrefix}-flagged`} checked={state.isFlagged === v} onChange={() => set({ isFlagged: v })} />
                  {t(`document:filters.flagged_${v || "all"}`)}
                  {v ? count(aggregation?.groupFlagged[v === "true" ? "flagged" : "unflagged"] ?? 0) : ""}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>
    </div>
  );
}

function DocumentListView({ state: serverState, initial, layout }: DocumentListProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  // A change shows at once (checkboxes, sliders, pages), before the shallow navigation lands in router.query.
  const [optimistic, setOptimistic] = useOptimisticRouteState<DocumentListState>(router.events);
  const state = optimistic ?? (router.isReady ? parseDocumentListQuery(router.query as Record<string, string | string[] | undefined>) : serverState);
  const prefix = layout.currentGroup.linkPrefix;
  const groupId = layout.currentGroup.id;
  const groups = groupId === null ? layout.groups.map((g) => ({ id: g.id, name: lang === "hi" && g.nameLocal ? g.nameLocal : g.name })) : [];
  const params = documentQueryParams(state, groupId);
  const question = documentListQueryString(state);
  const search = useQuery({
    queryKey: queryKeys.documents(groupId, question),
    queryFn: async () => listDocuments(await loadBrowserClient(), params),
    initialData: sameDocumentQuestion(state, serverState) && initial ? initial : undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const navigate = (next: DocumentListState, focusResults = false) => {
    const { groupName } = router.query;
    setOptimistic(next);
    void router.push({ pathname: router.pathname, query: { ...(typeof groupName === "string" ? { groupName } : {}), ...documentListSearch(next) } }, undefined, { shallow: true, scroll: false }).then(() => {
      if (focusResults) resultsRef.current?.focus();
    });
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sortId = useId();
  const data = search.data;
  const total = data?.totalCount ?? 0;
  const page = Math.floor(state.offset / DOCUMENT_PAGE_SIZE) + 1;
  const totalPages = Math.max(1, Math.ceil(total / DOCUMENT_PAGE_SIZE));
  const listHref = (next: DocumentListState) => `${groupHref(prefix, "/document/list")}${documentListQueryString(next)}`;
  const active = countActiveDocumentFilters(state);
  const canCreate = hasAccess([ROLES.ADMIN, ROLES.DOCUMENT_CONTRIBUTOR], layout.user);
  const labels = { by: t("document:card.by"), uploadedBy: t("document:card.uploaded_by"), microsites: t("document:card.microsites"), tags: t("document:card.tags"), flagged: t("document:card.flagged") };
  const filters = (idPrefix: string) => <DocumentFilters state={state} aggregation={data?.aggregationData ?? null} groups={groups} onChange={(next) => navigate(next)} idPrefix={idPrefix} />;

  return (
    <>
      <Head>
        <title>{t("document:list.title")}</title>
      </Head>
      <ListScreen
        title={t("document:list.title")}
        titleActions={
          canCreate ? (
            <NextLink href={groupHref(prefix, "/document/create")} className="cca-ps-btn cca-doc-primary" prefetch={false}>
              {t("document:list.create")}
            </NextLink>
          ) : null
        }
        filters={{
          label: t("document:filters.label"),
          content: filters,
          sidebar: true,
          open: filtersOpen,
          onClose: () => setFiltersOpen(false),
          doneLabel: (
            <>
              {t("document:filters.done")} {data ? `(${formatCount(total, lang)})` : ""}
            </>
          ),
        }}
        count={data ? t("document:list.count", { count: total, total: formatCount(total, lang) }) : ""}
        countRef={resultsRef}
        isFetching={search.isFetching}
        actions={
          <>
            <ListFiltersButton onClick={() => setFiltersOpen(true)}>{t("document:filters.button", { count: active })}</ListFiltersButton>
            <label htmlFor={sortId}>
              <Text as="span" fontSize="sm">
                {t("document:list.sort")}
              </Text>
            </label>
            <select id={sortId} className="cca-doc-select" value={state.sort} onChange={(e) => navigate({ ...state, sort: e.target.value as DocumentListState["sort"], offset: 0 })}>
              <option value="document.createdOn">{t("document:list.sort_created")}</option>
              <option value="document.lastRevised">{t("document:list.sort_revised")}</option>
            </select>
          </>
        }
        data={data}
        failed={search.isError}
        isEmpty={(shown) => shown.documentList.length === 0}
        errorText={t("document:list.error")}
        retryLabel={t("document:list.retry")}
        onRetry={() => search.refetch()}
        loadingLabel={t("common:loading")}
        emptyContent={
          <>
            <Text fontWeight="semibold" mb={4}>
              {t("document:list.empty")}
            </Text>
            {active > 0 ? (
              <Button variant="outline" onClick={() => navigate({ ...EMPTY_DOCUMENT_STATE, sort: state.sort }, true)}>
                {t("document:list.clear")}
              </Button>
            ) : null}
          </>
        }
        pager={{ page, totalPages, hrefOf: (p) => listHref({ ...state, offset: (p - 1) * DOCUMENT_PAGE_SIZE }), onPage: (p) => navigate({ ...state, offset: (p - 1) * DOCUMENT_PAGE_SIZE }, true) }}
      >
        {(shown) => (
          <ul className="cca-dl-cards" aria-busy={search.isFetching}>
            {shown.documentList.map((item) => (
              <DocumentCard
                key={item.document.id}
                item={item}
                href={groupHref(prefix, `/document/show/${item.document.id}`)}
                typeLabel={t(`document:types.${itemTypeById(item.document.itemTypeId)?.key ?? "misc"}`)}
                labels={labels}
                linkPrefix={prefix}
              />
            ))}
          </ul>
        )}
      </ListScreen>
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };

/** /document/list: the documents library with filters, counts, sort and crawlable paging. */
export const DocumentListScreen = Object.assign(withQueryClient(DocumentListView), { layoutOptions });
