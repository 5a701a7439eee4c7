import { requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

/** /user/download-logs: signed-in visitors (their own downloads; administrators everyone's). */
export const getServerSideProps = withLayout<Record<string, never>>(async (screen) => {
  const redirect = requireSignIn(screen);
  if (redirect) return redirect;
  return { props: {} };
});
