import type { CCATemplateSummary } from "@/contracts/template";
import { fetchTemplates } from "@/lib/api/templates";
import { withLayout } from "@/lib/ssr/with-layout";
import { guardTemplateWriter } from "./template-access";

export interface TemplateListProps {
  /** Live templates, master first; null when the platform could not answer. */
  templates: CCATemplateSummary[] | null;
  /** Deleted templates, to restore; null when the platform could not answer. */
  deleted: CCATemplateSummary[] | null;
}

/** /template/list: every template (admins and template curators), texts in the visitor's language. */
export const getServerSideProps = withLayout<TemplateListProps>(async (screen) => {
  const refused = guardTemplateWriter(screen);
  if (refused) return refused;
  const language = screen.locale === "hi" ? "hi" : "en";
  const [templates, deleted] = await Promise.all([
    fetchTemplates(screen.client, { language }).catch(() => null),
    fetchTemplates(screen.client, { language, isDeleted: true }).catch(() => null),
  ]);
  return { props: { templates, deleted } };
});
