import { MASTER_SHORT_NAME, type CCAField, type CCATemplate, type TemplateLanguage } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import { fetchTemplate, fetchTemplates } from "@/lib/api/templates";
import { queryText } from "@/lib/params";
import { withLayout, type ScreenContext } from "@/lib/ssr/with-layout";
import { guardTemplateWriter, templateLanguage } from "./template-access";

export interface ParentChoice {
  shortName: string;
  name: string;
}

export interface TemplateEditProps {
  /** null on /template/create. */
  template: CCATemplate | null;
  /** The master template's fields in the same language (empty when this is master or it could not load). */
  masterFields: CCAField[];
  /** Other live templates, for the parent select. */
  parents: ParentChoice[];
  /** The language whose texts are edited: en edits everything, hi only the texts. */
  language: TemplateLanguage;
}

export async function loadParents(screen: ScreenContext, language: TemplateLanguage, own: string | null): Promise<ParentChoice[]> {
  const all = await fetchTemplates(screen.client, { language }).catch(() => []);
  return all.filter((t) => t.shortName !== own).map((t) => ({ shortName: t.shortName, name: t.name }));
}

/** /template/edit/{shortName}?language=en|hi (default en): the template, the master tree and the parent list. */
export const getServerSideProps = withLayout<TemplateEditProps>(async (screen) => {
  const refused = guardTemplateWriter(screen);
  if (refused) return refused;
  const shortName = queryText(screen.ctx.params?.shortName, 60);
  if (!shortName) return { notFound: true };
  const language = templateLanguage(screen.ctx.query.language, "en");
  let template: CCATemplate;
  try {
    template = await fetchTemplate(screen.client, shortName, language);
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const isMaster = template.shortName === MASTER_SHORT_NAME;
  const [master, parents] = await Promise.all([
    isMaster ? null : fetchTemplate(screen.client, MASTER_SHORT_NAME, language).catch(() => null),
    loadParents(screen, language, template.shortName),
  ]);
  return { props: { template, masterFields: master?.fields ?? [], parents, language } };
});
