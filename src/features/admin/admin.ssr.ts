import { ROLES } from "@site-config";
import type { Announcement } from "@/contracts/announcement";
import type { HomePageData } from "@/contracts/home";
import { fetchAllAnnouncements } from "@/lib/api/announcements";
import { fetchHome } from "@/lib/api/home";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import { forbidden, requireRole, requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

/** `/admin`: administrators only. */
export const getDashboardProps = withLayout<Record<string, never>>(async (screen) => {
  const refused = requireRole(screen, [ROLES.ADMIN]);
  if (refused) return refused;
  return { props: {} };
});

export interface AnnouncementsProps {
  /** null when the platform could not answer. */
  announcements: Announcement[] | null;
}

export const getAnnouncementsProps = withLayout<AnnouncementsProps>(async (screen) => {
  const refused = requireRole(screen, [ROLES.ADMIN]);
  if (refused) return refused;
  try {
    // Stored clean; cleaned again here, on the server (the list the screen reloads is the stored HTML).
    const clean = (html: string) => cleanPageHtml(html);
    const announcements = (await fetchAllAnnouncements(screen.client)).map((a) => ({
      ...a,
      description: clean(a.description),
      translations: Object.fromEntries(Object.entries(a.translations).map(([k, v]) => [k, clean(v)])),
    }));
    return { props: { announcements } };
  } catch {
    return { props: { announcements: null } };
  }
});

export interface HomeGalleryProps {
  /** The group whose home this is; null for the site. */
  groupId: number | null;
  home: HomePageData;
}

/**
 * `/admin/homegallery` (administrators) and `/group/{name}/admin/homegallery` (administrators and
 * the group's founders: the platform answers the admin view, with every language, only to them).
 */
export const getHomeGalleryProps = withLayout<HomeGalleryProps>(async (screen) => {
  const groupId = screen.layout.currentGroup.id;
  if (groupId === null) {
    const refused = requireRole(screen, [ROLES.ADMIN]);
    if (refused) return refused;
  } else {
    const signIn = requireSignIn(screen);
    if (signIn) return signIn;
  }
  // Admins and the group's founders (as the group's membership says; the platform checks every write again).
  if (groupId !== null && !(screen.layout.groupActions?.canEditMicrosite ?? false)) return forbidden();
  const home = await fetchHome(screen.client, groupId, 205, true);
  return { props: { groupId, home } };
});
