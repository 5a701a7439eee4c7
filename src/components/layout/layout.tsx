import Head from "next/head";
import SITE_CONFIG from "@site-config";
import useTranslation from "@/lib/i18n/use-translation";
import type { ReactNode } from "react";
import { isSameSessionUser } from "@/lib/auth/session";
import { useSessionUser } from "@/components/auth/session-context";
import { canEditPagesFor, groupActionsFor } from "@/lib/groups/group-actions";
import { AnnouncementBanner } from "./announcement-banner";
import { CanonicalLinks } from "./canonical-links";
import { Footer } from "./footer";
import { GroupHeader } from "./group-header";
import { useLocaleCookie } from "./language-switcher";
import type { LayoutData, LayoutOptions } from "../../contracts/layout";
import { Navbar } from "./navbar";
import { RouteProgress } from "./route-progress";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

/** The chrome data after a sign-in or sign-out on this page: rights from the global roles until the next server render. */
function withSessionUser(serverData: LayoutData, user: LayoutData["user"]): LayoutData {
  const canEditPages = canEditPagesFor(user, serverData.currentGroup, null);
  const closed = serverData.groupActions?.closed ?? false;
  return { ...serverData, user, canEditPages, groupActions: groupActionsFor(user, serverData.currentGroup, null, canEditPages, closed) };
}

export type LayoutProps = { data: LayoutData; children: ReactNode } & LayoutOptions;

/** The chrome around every screen. All data comes from `data`; nothing is fetched here. */
export function Layout({ data: serverData, header = true, footer = true, pageShowsGroup = false, children }: LayoutProps) {
  const { lang } = useTranslation();
  useLocaleCookie(lang);
  // The session may change within a page (sign-in through the auth wall, session expired).
  const user = useSessionUser(serverData.user);
  // Membership is only known from the server: after a sign-in on this page the join button waits for the next render from the server.
  // Compared by value: the server's user arrives as a new object with every render from the server.
  const data = isSameSessionUser(user, serverData.user) ? serverData : withSessionUser(serverData, user);
  return (
    <div className="cca-page">
      <Head>
        {/* The site's description in the visitor's language; a screen with its own (same key) replaces it. */}
        <meta name="description" key="description" content={lang === "hi" ? SITE_CONFIG.SITE.DESCRIPTION.hi : SITE_CONFIG.SITE.DESCRIPTION.en} />
        {/* The installable app of this site or group, in this language (issue 32; a group's own domain is found by its host). */}
        <link rel="manifest" href={manifestHref(lang, data.currentGroup.linkPrefix)} />
      </Head>
      <CanonicalLinks data={data} />
      <RouteProgress />
      <SkipLink />
      {header ? (
        <header>
          <Navbar data={data} />
          <GroupHeader data={data} pageShowsGroup={pageShowsGroup} />
        </header>
      ) : null}
      {data.announcements && data.announcements.length > 0 ? <AnnouncementBanner items={data.announcements} /> : null}
      <main id={MAIN_CONTENT_ID} className="cca-main" tabIndex={-1}>
        {children}
      </main>
      {footer ? <Footer pageTree={data.pageTree} linkPrefix={data.currentGroup.linkPrefix} /> : null}
    </div>
  );
}

export default Layout;

/** `/api/pwa/manifest` for the language and the group under `/group/{slug}` (none on the main site or a group's own domain). */
export function manifestHref(lang: string, linkPrefix: string): string {
  const slug = /^\/group\/([^/]+)$/.exec(linkPrefix)?.[1];
  return `/api/pwa/manifest?lang=${lang === "hi" ? "hi" : "en"}${slug ? `&group=${slug}` : ""}`;
}
