import type { DataAggregation, DataSearchResponse } from "@/contracts/cca-data";
import type { CCAField, TemplateLanguage } from "@/contracts/template";
import { fetchAggregation, searchRecords } from "@/lib/api/cca-data";
import { fetchFilterFields } from "@/lib/api/templates";
import { withLayout } from "@/lib/ssr/with-layout";
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
  const [search, aggregation, fields] = await Promise.allSettled([searchRecords(client, params), fetchAggregation(client, params), fetchFilterFields(client, language)]);
  return {
    props: {
      state,
      fields: fields.status === "fulfilled" ? fields.value : [],
      initial: search.status === "fulfilled" && aggregation.status === "fulfilled" ? { search: search.value, aggregation: aggregation.value } : null,
    },
  };
});
