import { useQuery } from "@tanstack/react-query";
import SITE_CONFIG, { languageIdFor, type LocaleCode } from "@site-config";
import type { LayoutData } from "@/contracts/layout";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { fetchGroupList } from "@/lib/api/groups";
import { fetchPageTree } from "@/lib/api/pages";
import { mainSiteGroup } from "@/lib/groups/resolve-current-group";
import { queryKeys } from "@/lib/query/query-keys";

/**
 * Chrome data for screens rendered without server data (the static 404 and 500 pages): the main
 * site, filled in from the platform in the browser. Loaded lazily, so axios stays out of the
 * first-load bundle of every server-rendered screen.
 */
export function useClientLayout(locale: LocaleCode): LayoutData {
  const languageId = languageIdFor(locale);
  const groups = useQuery({
    queryKey: queryKeys.groupList(languageId),
    queryFn: async () => fetchGroupList(await loadBrowserClient(), languageId),
    staleTime: SITE_CONFIG.CACHE.GROUP_LIST_MS,
  });
  const tree = useQuery({
    queryKey: queryKeys.pageTree(null, languageId),
    queryFn: async () => fetchPageTree(await loadBrowserClient(), { userGroupId: null, languageId }),
    staleTime: SITE_CONFIG.CACHE.PAGE_TREE_MS,
  });
  return {
    groups: groups.data ?? [],
    currentGroup: mainSiteGroup(locale),
    pageTree: tree.data ?? [],
    navbarPages: tree.data?.find((p) => p.id === SITE_CONFIG.PAGES.NAVBAR_ID)?.children ?? [],
    user: null,
    canEditPages: false,
    features: {
      userGroups: SITE_CONFIG.FEATURES.USER_GROUPS,
      languageSwitcher: SITE_CONFIG.FEATURES.LANGUAGE_SWITCHER,
      tracking: SITE_CONFIG.FEATURES.TRACKING,
      mapsPage: SITE_CONFIG.FEATURES.MAPS_PAGE,
      webVitals: false,
    },
    siteUrl: typeof window === "undefined" ? "" : window.location.origin,
  };
}
