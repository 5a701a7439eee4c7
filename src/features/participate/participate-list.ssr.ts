import type { CCATemplateSummary } from "@/contracts/template";
import { fetchPage } from "@/lib/api/pages";
import { fetchTemplates } from "@/lib/api/templates";
import { sanitizePageHtml } from "@/lib/html/sanitize-page-html";
import { requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { mayAnswer, PARTICIPATE_INTRO_PAGE_ID } from "./participate-access";

export interface ParticipateListProps {
  /** The intro page (204) in the visitor's language, sanitised; null when it could not be read. */
  intro: { title: string; html: string } | null;
  /** The templates the member may answer; null when the platform could not answer. */
  templates: CCATemplateSummary[] | null;
}

/** /participate/list: signed-in members; visitors are sent to sign in (and back). */
export const getServerSideProps = withLayout<ParticipateListProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const language = screen.locale === "hi" ? "hi" : "en";
  const [intro, all] = await Promise.all([
    fetchPage(screen.client, PARTICIPATE_INTRO_PAGE_ID, "full", screen.languageId)
      .then((p) => ({ title: p.title, html: sanitizePageHtml(p.content) }))
      .catch(() => null),
    // Curators see every template in template/all; only those whose permissions they hold are answerable.
    fetchTemplates(screen.client, { language, platform: "DESKTOP" }).catch(() => null),
  ]);
  const templates = all ? all.filter((t) => mayAnswer(screen.layout.user, t.permissions)) : null;
  return { props: { intro, templates } };
});
