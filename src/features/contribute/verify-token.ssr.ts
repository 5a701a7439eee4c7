import type { ContributorRequestView } from "@/contracts/cca-social";
import { ApiError } from "@/lib/api/api-error";
import { fetchContributorRequest } from "@/lib/api/cca-social";
import { forbidden, requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface VerifyTokenProps {
  token: string | null;
  /** The request the token names (owner, data curators, admins); null when refused. */
  view: ContributorRequestView | null;
  /** Why there is no request to show: no token in the link, or a malformed, forged or unknown one. */
  problem: "missing" | "invalid" | null;
}

/**
 * /continue/verify-token?type=cca-contibutor-request&token=: signed-in visitors (others sign in and come
 * back); the record's owner, data curators and admins see the request, others get the 403 screen.
 */
export const getServerSideProps = withLayout<VerifyTokenProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const raw = screen.ctx.query.token;
  const token = typeof raw === "string" ? raw.trim() : "";
  if (!token) return { props: { token: null, view: null, problem: "missing" } };
  try {
    return { props: { token, view: await fetchContributorRequest(screen.client, token), problem: null } };
  } catch (error) {
    const e = ApiError.from(error);
    if (e.status === 403) return forbidden();
    if (e.status === 400) return { props: { token, view: null, problem: "invalid" } };
    if (e.status === 404) return { notFound: true };
    throw error;
  }
});
