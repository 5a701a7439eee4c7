import SITE_CONFIG from "@site-config";
import type { AxiosInstance } from "axios";
import { ApiError } from "@/lib/api/api-error";
import { fetchGroup, fetchGroupListExpanded } from "@/lib/api/groups";
import { fetchPage } from "@/lib/api/pages";
import { CACHE_KEYS } from "@/lib/cache/invalidation";
import { cached } from "@/lib/cache/memory-cache";
import { withLayout } from "@/lib/ssr/with-layout";
import type { FeaturedPage, HomeProps } from "./home-types";

const CALL_TO_ACTION_IDS = [SITE_CONFIG.PAGES.ABOUT_ID, SITE_CONFIG.PAGES.PARTICIPATE_ID, SITE_CONFIG.PAGES.DONATE_ID];

/** About, participate and donate pages (the same ids in both languages, read in the visitor's); a missing one is left out. */
function loadCallToActionPages(client: AxiosInstance, languageId: number): Promise<FeaturedPage[]> {
  return cached(`${CACHE_KEYS.pages}featured:${languageId}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, async () => {
    const pages = await Promise.all(
      CALL_TO_ACTION_IDS.map((id) =>
        fetchPage(client, id, "minimal", languageId).then(
          (page) => ({ id: page.id, title: page.title, description: page.description }),
          (error: unknown) => {
            if (ApiError.from(error).isNotFound) return null;
            throw error;
          },
        ),
      ),
    );
    return pages.filter((p): p is FeaturedPage => p !== null);
  });
}

export const getServerSideProps = withLayout<HomeProps>(async ({ client, layout, languageId }) => {
  const group = layout.currentGroup;
  if (group.id === null) {
    return { props: { kind: "main", featured: await loadCallToActionPages(client, languageId) } };
  }
  let detail;
  let memberCount: number | null = null;
  try {
    const [found, listed] = await Promise.all([fetchGroup(client, group.id, languageId), fetchGroupListExpanded(client, languageId).catch(() => null)]);
    detail = found;
    memberCount = listed?.find((g) => g.id === group.id)?.memberCount ?? null;
  } catch (error) {
    // A group removed since the group list was cached: not found, not a server error.
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const featured = layout.pageTree.map((p) => ({ id: p.id, title: p.title, description: null }));
  return {
    props: {
      kind: "group",
      group: {
        id: detail.id,
        name: detail.name,
        nameLocal: detail.nameLocal,
        description: detail.description,
        icon: group.icon,
        memberCount,
        allowUserToJoin: detail.allowUserToJoin,
      },
      featured,
    },
  };
});
