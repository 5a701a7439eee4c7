import type { UserProfile } from "@/contracts/user";
import { ApiError } from "@/lib/api/api-error";
import { fetchUser } from "@/lib/api/users";
import { parsePositiveId } from "@/lib/params";
import { withLayout } from "@/lib/ssr/with-layout";

export interface UserShowProps {
  profile: UserProfile;
}

/** The profile; a bad, unknown or deleted id answers the 404 screen with status 404. */
export const getServerSideProps = withLayout<UserShowProps>(async ({ ctx, client }) => {
  const id = parsePositiveId(ctx.params?.id);
  if (id === null) return { notFound: true };
  try {
    return { props: { profile: await fetchUser(client, id) } };
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
});
