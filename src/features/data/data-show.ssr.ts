import type { CCAData, CCADataListItem } from "@/contracts/cca-data";
import { flattenFields, type CCAField, type CCATemplate, type TemplateLanguage } from "@/contracts/template";
import type { UserIbp } from "@/contracts/user";
import { ApiError } from "@/lib/api/api-error";
import { fetchRecord, fetchRecordList, fetchUsersBulk } from "@/lib/api/cca-data";
import { fetchTemplate } from "@/lib/api/templates";
import { prepareRichTextHtml } from "@/shared/html/sanitize-page-html";
import { parsePositiveId } from "@/lib/params";
import { withLayout } from "@/lib/ssr/with-layout";

export interface DataShowProps {
  /** The record; rich-text values sanitised here, on the server. */
  record: CCAData;
  /** The record's template (its parent's field tree when it has one); null when it could not be read. */
  template: { name: string; shortName: string; fields: CCAField[] } | null;
  /** The list projection of the record (`data/list?id=`): title values, summary values, files. */
  header: CCADataListItem | null;
  /** Owner first, then the allowed editors. */
  contributors: UserIbp[];
}

export async function loadTemplate(client: Parameters<typeof fetchTemplate>[0], shortName: string, language: TemplateLanguage): Promise<DataShowProps["template"]> {
  try {
    const own: CCATemplate = await fetchTemplate(client, shortName, language);
    const structure = own.parentName ? await fetchTemplate(client, own.parentName, language) : own;
    return { name: own.name, shortName: own.shortName, fields: structure.fields };
  } catch {
    return null;
  }
}

/**
 * Rich-text values made safe to render: a value the screen shows as HTML (stored as RICHTEXT, or under
 * a field the template now has as RICHTEXT) is cleaned with the content rule, whatever was stored.
 */
export function sanitiseRichText(record: CCAData, template: DataShowProps["template"] = null): CCAData {
  const richFields = new Set(flattenFields(template?.fields ?? []).filter((f) => f.type === "RICHTEXT").map((f) => f.fieldId));
  const values = { ...record.ccaFieldValues };
  for (const [key, value] of Object.entries(values)) {
    const rich = value.type === "RICHTEXT" || richFields.has(key) || richFields.has(value.fieldId);
    if (rich && typeof value.value === "string") values[key] = { ...value, value: prepareRichTextHtml(value.value) };
  }
  return { ...record, ccaFieldValues: values };
}

/** The record's owner first, then its allowed editors (none when they cannot be read). */
export async function loadContributors(client: Parameters<typeof fetchUsersBulk>[0], record: CCAData): Promise<UserIbp[]> {
  const order = [record.userId, ...record.allowedUsers];
  const people = await fetchUsersBulk(client, [...new Set(order.filter(Boolean))]).catch(() => [] as UserIbp[]);
  return people.sort((a, b) => order.indexOf(String(a.id)) - order.indexOf(String(b.id)));
}

/** /data/show/{id}: the record, its template, its header and its contributors; a missing record is a 404. */
export const getServerSideProps = withLayout<DataShowProps>(async ({ ctx, client, locale }) => {
  const id = parsePositiveId(ctx.params?.id);
  if (id === null) return { notFound: true };
  const language: TemplateLanguage = locale;
  let record: CCAData;
  try {
    record = await fetchRecord(client, id, language);
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const [template, header, contributors] = await Promise.all([
    loadTemplate(client, record.shortName, language),
    fetchRecordList(client, [id], language)
      .then((list) => list.ccaDataList.find((item) => item.id === id) ?? null)
      .catch(() => null),
    loadContributors(client, record),
  ]);
  return { props: { record: sanitiseRichText(record, template), template, header, contributors } };
});
