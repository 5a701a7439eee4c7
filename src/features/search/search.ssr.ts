import type { SearchAnswer } from "@/contracts/search";
import { ApiError } from "@/lib/api/api-error";
import { searchSite } from "@/lib/api/search";
import { withLayout } from "@/lib/ssr/with-layout";
import { parseSearchQuery, searchFailure, searchParams, type SearchFailure, type SearchRequest } from "./search-query";

export interface SearchProps {
  request: SearchRequest;
  /** The page of hits; null without a query or when the search failed. */
  answer: SearchAnswer | null;
  failure: SearchFailure | null;
}

/**
 * /search (and /group/{name}/search, limited to that group): the hits of `?q=` (of `?kind=`, from
 * `?offset=`) rendered on the server, so they show without JavaScript; every change is a navigation.
 */
export const getServerSideProps = withLayout<SearchProps>(async ({ ctx, client, layout, locale }) => {
  const request = parseSearchQuery(ctx.query as Record<string, string | string[] | undefined>);
  if (!request.q) return { props: { request, answer: null, failure: null } };
  try {
    const answer = await searchSite(client, searchParams(request, layout.currentGroup.id, locale));
    return { props: { request, answer, failure: null } };
  } catch (error) {
    const failed = ApiError.from(error);
    if (failed.status !== 400) console.error("[search] the search could not be answered:", failed.status, failed.message);
    // A failure is not kept by the page cache: the next visitor asks again.
    ctx.res.setHeader("Cache-Control", "private, no-store");
    return { props: { request, answer: null, failure: failed.status === 400 ? searchFailure(failed.fieldErrors) : "failed" } };
  }
});
