import { useQuery } from "@tanstack/react-query";
import SITE_CONFIG, { languageIdFor, type LocaleCode } from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import { getBrowserClient } from "@/lib/api/client";
import { fetchGroupList } from "@/lib/api/groups";
import { fetchPageTree } from "@/lib/api/pages";
import { mainSiteGroup } from "@/lib/groups/resolve-current-group";

/** Chrome for screens rendered without server data (the static 404 and 500 pages): main site, filled in the browser. */
export function useClientLayout(initial: LayoutData | undefined, locale: LocaleCode): LayoutData {
  const languageId = languageIdFor(locale);
  const enabled = initial === undefined;
  const groups = useQuery({
    queryKey: ["groups", languageId],
    queryFn: () => fetchGroupList(getBrowserClient(), languageId),
    enabled,
    staleTime: SITE_CONFIG.CACHE.GROUP_LIST_MS,
  });
  const tree = useQuery({
    queryKey: ["pageTree", null, languageId],
    queryFn: () => fetchPageTree(getBrowserClient(), { userGroupId: null, languageId }),
    enabled,
    staleTime: SITE_CONFIG.CACHE.PAGE_TREE_MS,
  });
  if (initial) return initial;
  return {
    groups: groups.data ?? [],
    currentGroup: mainSiteGroup(locale),
    pageTree: tree.data ?? [],
    navbarPages: tree.data?.find((p) => p.id === SITE_CONFIG.PAGES.NAVBAR_ID)?.children ?? [],
    user: null,
    features: {
      userGroups: SITE_CONFIG.FEATURES.USER_GROUPS,
      languageSwitcher: SITE_CONFIG.FEATURES.LANGUAGE_SWITCHER,
      tracking: SITE_CONFIG.FEATURES.TRACKING,
      mapsPage: SITE_CONFIG.FEATURES.MAPS_PAGE,
    },
    siteUrl: typeof window === "undefined" ? "" : window.location.origin,
  };
}
