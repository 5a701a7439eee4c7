import type { ReviewQueue } from "@/contracts/review";
import { ApiError } from "@/lib/api/api-error";
import { fetchReviewQueue } from "@/lib/api/review";
import { requireSignIn, signInRedirect } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { REVIEW_PAGE_SIZE, reviewOffset } from "./review-queue-query";

export interface ReviewQueueProps {
  offset: number;
  /** "forbidden": the visitor reviews no records (the screen says who does). */
  access: "ok" | "forbidden";
  /** The page as the server rendered it; null when the platform could not answer (the screen asks again). */
  initial: ReviewQueue | null;
}

/** /data/review: the records waiting for the visitor's review; visitors sign in first, non-reviewers are told who reviews. */
export const getServerSideProps = withLayout<ReviewQueueProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const offset = reviewOffset(screen.ctx.query.offset);
  const language = screen.locale === "hi" ? "hi" : "en";
  try {
    const initial = await fetchReviewQueue(screen.client, { offset, limit: REVIEW_PAGE_SIZE, language });
    return { props: { offset, access: "ok", initial } };
  } catch (error) {
    const { status } = ApiError.from(error);
    if (status === 401) return signInRedirect(screen);
    return { props: { offset, access: status === 403 ? "forbidden" : "ok", initial: null } };
  }
});
