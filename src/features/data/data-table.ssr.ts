import type { DataTableResponse } from "@/contracts/cca-export";
import { DATA_EXPORTERS } from "@/contracts/cca-export";
import type { CCAField, TemplateLanguage } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import { fetchDataTable } from "@/lib/api/cca-export";
import { fetchFilterFields, fetchTemplate } from "@/lib/api/templates";
import { requireRole } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { dataTableParams, parseDataTableQuery, type DataTableState } from "./data-table-query";

export interface DataTableProps {
  shortName: string;
  /** The template's name in the visitor's language. */
  name: string;
  state: DataTableState;
  /** Filterable fields of the master template (the list screen's filters), in the visitor's language. */
  fields: CCAField[];
  /** The first page as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: DataTableResponse | null;
}

/** /data/table/{shortName}: admins, data curators and template curators; visitors sign in, others get 403. */
export const getServerSideProps = withLayout<DataTableProps>(async (screen) => {
  const refused = requireRole(screen, DATA_EXPORTERS);
  if (refused) return refused;
  const { ctx, client, layout, locale } = screen;
  const shortName = typeof ctx.params?.shortName === "string" ? ctx.params.shortName : "";
  const language: TemplateLanguage = locale;
  let name = shortName;
  try {
    name = (await fetchTemplate(client, shortName, language)).name || shortName;
  } catch (error) {
    if (ApiError.from(error).status === 404) return { notFound: true };
  }
  const state = parseDataTableQuery(ctx.query);
  const [initial, fields] = await Promise.all([
    fetchDataTable(client, dataTableParams(shortName, state, language, layout.currentGroup.id)).catch(() => null),
    fetchFilterFields(client, language).catch(() => []),
  ]);
  return { props: { shortName, name, state, fields, initial } };
});
