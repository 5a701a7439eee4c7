import type { UserListResponse } from "@/contracts/user";
import { fetchUserList } from "@/lib/api/users";
import { withLayout } from "@/lib/ssr/with-layout";
import { parseUserListQuery, type UserListParams } from "./user-list-query";

export interface UserListProps {
  params: UserListParams;
  /** The first page as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: UserListResponse | null;
}

export const getServerSideProps = withLayout<UserListProps>(async ({ ctx, client }) => {
  const params = parseUserListQuery(ctx.query);
  let initial: UserListResponse | null = null;
  try {
    initial = await fetchUserList(client, params);
  } catch {
    initial = null;
  }
  return { props: { params, initial } };
});
