import type { GroupListExpanded } from "@/contracts/group";
import { fetchGroupListExpanded } from "@/lib/api/groups";
import { withLayout } from "@/lib/ssr/with-layout";

export interface GroupListProps {
  /** Every group with its member count; null when the platform could not answer (the screen says so). */
  groups: GroupListExpanded[] | null;
}

// Member counts change with every join: the platform keeps the list in its cache until a membership write clears it.
export const getServerSideProps = withLayout<GroupListProps>(async ({ client, languageId }) => {
  try {
    return { props: { groups: await fetchGroupListExpanded(client, languageId) } };
  } catch {
    return { props: { groups: null } };
  }
});
