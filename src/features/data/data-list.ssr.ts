import type { DataAggregation, DataSearchResponse } from "@/contracts/cca-data";
import type { CCAField, TemplateLanguage } from "@/contracts/template";
import { fetchAggregation, searchRecords } from "@/lib/api/cca-data";
import { fetchFilterFields } from "@/lib/api/templates";
import { withLayout } from "@/lib/ssr/with-layout";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import SITE_CONFIG from "@site-config";
import { dataQueryParams, parseDataListQuery, type DataListState } from "./data-list-query";

export interface DataListProps {
  state: DataListState;
  /** Filterable fields of the master template, in the visitor's language. */
  fields: CCAField[];
  /** The first screen as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: { search: DataSearchResponse; aggregation: DataAggregation } | null;
}

/** /data/list: the first page of results, the facets and the filter fields, so a shared link opens filtered. */
export const getServerSideProps = withLayout<DataListProps>(async ({ ctx, client, layout, locale }) => {
  const state = parseDataListQuery(ctx.query);
  const language: TemplateLanguage = locale;
  const params = dataQueryParams(state, language, layout.currentGroup.id);
  // The three answers are public (the platform reads them without the session: the same for every
  // visitor), so a render takes them from the data cache, as the chrome's, instead of asking the platform
  // each time (issue 35): results and facets under `records:` (every record write, template change,
  // delete and restore clears them), the filter fields under `templates:`.
  const question = JSON.stringify(params);
  const [search, aggregation, fields] = await Promise.allSettled([
    cached(`${CACHE_KEYS.records}ssr:data-search:${question}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () => searchRecords(client, params)),
    cached(`${CACHE_KEYS.records}ssr:data-aggregation:${question}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () => fetchAggregation(client, params)),
    cached(`${CACHE_KEYS.templates}ssr:filter-fields:${language}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () => fetchFilterFields(client, language)),
  ]);
  return {
    props: {
      state,
      fields: fields.status === "fulfilled" ? fields.value : [],
      initial: search.status === "fulfilled" && aggregation.status === "fulfilled" ? { search: search.value, aggregation: aggregation.value } : null,
    },
  };
});
