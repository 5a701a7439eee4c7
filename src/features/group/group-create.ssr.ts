import { ROLES } from "@site-config";
import { requireRole } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

/** /group/create: site admins only; anonymous → sign in (and back), anyone else → 403. */
export const getServerSideProps = withLayout(async (screen) => {
  const refused = requireRole(screen, [ROLES.ADMIN]);
  if (refused) return refused;
  return { props: {} };
});
