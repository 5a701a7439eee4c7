/** cca-api templates (src/server/README.md "Templates"): typed calls over the one API client. */
import type { AxiosInstance } from "axios";
import type { ActivityEntry, ActivityEntryList } from "@/contracts/activity";
import type {
  CCAField,
  CCATemplate,
  CCATemplateSummary,
  TemplateCommentCreate,
  TemplateCreate,
  TemplateLanguage,
  TemplatePlatform,
  TemplateUpdate,
  TemplateValueCounts,
} from "@/contracts/template";

const TEMPLATE = "cca-api/api/v1/template";
const path = (shortName: string) => encodeURIComponent(shortName);

/** A live template with its field tree, texts in `language` (404 → ApiError for a missing or deleted one). */
export async function fetchTemplate(client: AxiosInstance, shortName: string, language: TemplateLanguage): Promise<CCATemplate> {
  const { data } = await client.get<CCATemplate>(`${TEMPLATE}/${path(shortName)}`, { params: { language } });
  return data;
}

export interface TemplateListQuery {
  language: TemplateLanguage;
  platform?: TemplatePlatform;
  /** Default true: rows without `fields`. */
  excludeFields?: boolean;
  /** Only deleted templates (admins and template curators). */
  isDeleted?: boolean;
}

/** Signed in: the templates the caller may answer (admins and template curators: all). */
export async function fetchTemplates(client: AxiosInstance, query: TemplateListQuery): Promise<CCATemplateSummary[]> {
  const { data } = await client.get<CCATemplateSummary[]>(`${TEMPLATE}/all`, { params: query });
  return data;
}

export async function createTemplate(client: AxiosInstance, body: TemplateCreate): Promise<CCATemplate> {
  const { data } = await client.post<CCATemplate>(`${TEMPLATE}/save`, body);
  return data;
}

/** In the default language the whole template; in another only that language's texts (structure ignored). */
export async function updateTemplate(client: AxiosInstance, body: TemplateUpdate): Promise<CCATemplate> {
  const { data } = await client.put<CCATemplate>(`${TEMPLATE}/update`, body, { params: { language: body.language } });
  return data;
}

/** The template with its master copies' texts taken from master in `language`; nothing is saved. */
export async function pullMasterTranslation(client: AxiosInstance, templateId: number, language: TemplateLanguage): Promise<CCATemplate> {
  const { data } = await client.get<CCATemplate>(`${TEMPLATE}/pullMasterTranslation`, { params: { templateId, language } });
  return data;
}

/** Soft delete: the template and its records are hidden until a restore. */
export async function deleteTemplate(client: AxiosInstance, shortName: string): Promise<CCATemplate> {
  const { data } = await client.delete<CCATemplate>(`${TEMPLATE}/delete/${path(shortName)}`);
  return data;
}

export async function restoreTemplate(client: AxiosInstance, shortName: string): Promise<CCATemplate> {
  const { data } = await client.put<CCATemplate>(`${TEMPLATE}/restore/${path(shortName)}`);
  return data;
}

/** Filterable fields of a template (default master), flattened. */
export async function fetchFilterFields(client: AxiosInstance, language: TemplateLanguage, shortName?: string): Promise<CCAField[]> {
  const { data } = await client.get<CCAField[]>(`${TEMPLATE}/filter/fields`, { params: { shortName, language } });
  return data;
}

/** Fields flagged for charts (default master), flattened. */
export async function fetchChartFields(client: AxiosInstance, language: TemplateLanguage, shortName?: string): Promise<CCAField[]> {
  const { data } = await client.get<CCAField[]>(`${TEMPLATE}/filter/chart/fields`, { params: { shortName, language } });
  return data;
}

/** Records holding a value per field and per option: what a removal or a type change would touch. */
export async function fetchTemplateValueCounts(client: AxiosInstance, shortName: string): Promise<TemplateValueCounts> {
  const { data } = await client.get<TemplateValueCounts>(`${TEMPLATE}/counts/${path(shortName)}`);
  return data;
}

export async function addTemplateComment(client: AxiosInstance, input: { templateId: number; body: string; languageId: number }): Promise<ActivityEntry> {
  const body: TemplateCommentCreate = {
    body: input.body,
    languageId: input.languageId,
    rootHolderId: input.templateId,
    rootHolderType: "ccaTemplate",
    subRootHolderId: null,
    subRootHolderType: null,
  };
  const { data } = await client.post<ActivityEntry>(`${TEMPLATE}/comment`, body);
  return data;
}

/** History and comments of a template, newest first (admins and template curators). */
export async function fetchTemplateActivity(client: AxiosInstance, templateId: number, offset = 0, limit = 10): Promise<ActivityEntryList> {
  const { data } = await client.get<ActivityEntryList>(`activity-api/api/v1/service/ibp/ccaTemplate/${templateId}`, { params: { offset, limit } });
  return data;
}
