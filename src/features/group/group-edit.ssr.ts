import type { GroupAdministrators, GroupJoinRequest, UserGroupEditData } from "@/contracts/group";
import { ApiError } from "@/lib/api/api-error";
import { fetchGroupAdministrators, fetchGroupEditData, fetchJoinRequests } from "@/lib/api/groups";
import { forbidden, signInRedirect } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface GroupEditProps {
  groupId: number;
  /** null for moderators, who only answer the join requests here. */
  data: UserGroupEditData | null;
  /** null when the platform could not answer (the panel says so and retries in the browser). */
  administrators: GroupAdministrators | null;
  requests: GroupJoinRequest[] | null;
}

/**
 * /group/{name}/edit (and /edit on a group's own domain): admins and the group's founders; moderators
 * see only the join requests (the request notices link here). Anonymous → sign in (and back); anyone
 * else → 403; on the main site there is no group → 404.
 */
export const getServerSideProps = withLayout<GroupEditProps>(async (screen) => {
  const { client, layout } = screen;
  const groupId = layout.currentGroup.id;
  if (groupId === null) return { notFound: true };
  if (!layout.user) return signInRedirect(screen);
  if (layout.groupActions?.canEditMicrosite !== true) {
    if (layout.groupActions?.canModerate !== true) return forbidden();
    const requests = await fetchJoinRequests(client, groupId).catch(() => null);
    return { props: { groupId, data: null, administrators: null, requests } };
  }
  let data: UserGroupEditData;
  try {
    data = await fetchGroupEditData(client, groupId);
  } catch (error) {
    const e = ApiError.from(error);
    if (e.status === 401) return signInRedirect(screen);
    if (e.status === 403) return forbidden();
    if (e.isClientError) return { notFound: true };
    throw error;
  }
  const [administrators, requests] = await Promise.all([
    fetchGroupAdministrators(client, groupId).catch(() => null),
    fetchJoinRequests(client, groupId).catch(() => null),
  ]);
  return { props: { groupId, data, administrators, requests } };
});
