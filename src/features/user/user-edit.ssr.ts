import { ROLES } from "@site-config";
import type { Role, UserProfile } from "@/contracts/user";
import { ApiError } from "@/lib/api/api-error";
import { fetchRoles, fetchUser } from "@/lib/api/users";
import { hasAccess } from "@/shared/access";
import { parsePositiveId } from "@/lib/params";
import { forbidden, signInRedirect } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface UserEditProps {
  profile: UserProfile;
  /** Every role (admins only; empty otherwise). */
  roles: Role[];
  isAdmin: boolean;
  isSelf: boolean;
}

/** Only the user or an admin: anonymous → sign in (and back), anyone else → 403. */
export const getServerSideProps = withLayout<UserEditProps>(async (screen) => {
  const { ctx, client, layout } = screen;
  const id = parsePositiveId(ctx.params?.id);
  if (id === null) return { notFound: true };
  const viewer = layout.user;
  if (!viewer) return signInRedirect(screen);
  const isAdmin = hasAccess([ROLES.ADMIN], viewer);
  const isSelf = viewer.id === id;
  if (!isSelf && !isAdmin) return forbidden();
  let profile: UserProfile;
  try {
    profile = await fetchUser(client, id);
  } catch (error) {
    const e = ApiError.from(error);
    if (e.status === 403) return forbidden();
    if (e.isClientError) return { notFound: true };
    throw error;
  }
  const roles = isAdmin ? await fetchRoles(client).catch(() => [] as Role[]) : [];
  return { props: { profile, roles, isAdmin, isSelf } };
});
