import type { GroupListExpanded } from "@/contracts/group";
import { fetchGroupListExpanded } from "@/lib/api/groups";
import { withLayout } from "@/lib/ssr/with-layout";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import SITE_CONFIG from "@site-config";

export interface GroupListProps {
  /** Every group with its member count; null when the platform could not answer (the screen says so). */
  groups: GroupListExpanded[] | null;
}

// Member counts change with every join: the list is public (the same for every visitor) and kept in the data
// cache under `groups:`, which every membership write clears (issue 35: it was read afresh on every render).
export const getServerSideProps = withLayout<GroupListProps>(async ({ client, languageId }) => {
  try {
    const groups = await cached(`${CACHE_KEYS.groupList}ssr:expanded:${languageId}`, SITE_CONFIG.CACHE.GROUP_LIST_MS, () => fetchGroupListExpanded(client, languageId));
    return { props: { groups } };
  } catch {
    return { props: { groups: null } };
  }
});
