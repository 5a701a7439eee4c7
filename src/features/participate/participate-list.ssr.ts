import { MASTER_SHORT_NAME } from "@/contracts/template";
import { fetchPage } from "@/lib/api/pages";
import { safeForwardPath } from "@/lib/auth/forward";
import { fetchTemplates } from "@/lib/api/templates";
import { sanitizePageHtml } from "@/shared/html/sanitize-page-html";
import { withLayout } from "@/lib/ssr/with-layout";
import { mayAnswer, PARTICIPATE_INTRO_PAGE_ID } from "./participate-access";

/** What a member sees of a template: curator information (platforms, the master's own notes) stays out. */
export interface ParticipateCard {
  shortName: string;
  name: string;
  /** The template's description; "" for the master template, whose description is written for curators. */
  description: string;
  /** The master template: the screen describes it in words for members. */
  isMaster: boolean;
}

export interface ParticipateListProps {
  /** The intro page (204) in the visitor's language, sanitised; null when it could not be read. */
  intro: { title: string; html: string } | null;
  /**
   * Signed in: the templates the member may answer, or null when the platform could not answer.
   * A visitor: null (the screen asks them to sign in).
   */
  templates: ParticipateCard[] | null;
  /** A visitor: this page's path, to come back to after signing in or registering; null when signed in. */
  forward: string | null;
}

/** /participate/list: open to everyone (how participation works); the forms are listed for members. */
export const getServerSideProps = withLayout<ParticipateListProps>(async (screen) => {
  const user = screen.layout.user;
  const language = screen.locale === "hi" ? "hi" : "en";
  const [intro, all] = await Promise.all([
    fetchPage(screen.client, PARTICIPATE_INTRO_PAGE_ID, "full", screen.languageId)
      .then((p) => ({ title: p.title, html: sanitizePageHtml(p.content) }))
      .catch(() => null),
    // Curators see every template in template/all; only those whose permissions they hold are answerable.
    user ? fetchTemplates(screen.client, { language, platform: "DESKTOP" }).catch(() => null) : Promise.resolve(null),
  ]);
  const templates = all
    ? all
        .filter((t) => mayAnswer(user, t.permissions))
        .map((t) => {
          const isMaster = t.shortName.toLowerCase() === MASTER_SHORT_NAME;
          return { shortName: t.shortName, name: t.name, description: isMaster ? "" : t.description, isMaster };
        })
    : null;
  return { props: { intro, templates, forward: user ? null : safeForwardPath(screen.ctx.resolvedUrl) } };
});
