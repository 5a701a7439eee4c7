import type { GroupAdministrators, GroupDetail } from "@/contracts/group";
import { ApiError } from "@/lib/api/api-error";
import { fetchGroup, fetchGroupAdministrators } from "@/lib/api/groups";
import { withLayout } from "@/lib/ssr/with-layout";

export interface GroupAboutProps {
  group: GroupDetail;
  /** null when the platform could not list them (the screen says so). */
  administrators: GroupAdministrators | null;
}

/** /group/{name}/about (and /about on a group's own domain); on the main site there is no group: 404. */
export const getServerSideProps = withLayout<GroupAboutProps>(async ({ client, layout, languageId }) => {
  const id = layout.currentGroup.id;
  if (id === null) return { notFound: true };
  try {
    const [group, administrators] = await Promise.all([fetchGroup(client, id, languageId), fetchGroupAdministrators(client, id).catch(() => null)]);
    return { props: { group, administrators } };
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
});
