import { ROLES } from "@site-config";
import { requireRole } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

/** /map/create: only when the maps flag is on (404 otherwise); administrators (anonymous → sign in, others → 403). */
export const getServerSideProps = withLayout(async (screen) => {
  if (!screen.layout.features.mapsPage) return { notFound: true };
  const refused = requireRole(screen, [ROLES.ADMIN]);
  if (refused) return refused;
  return { props: {} };
});
