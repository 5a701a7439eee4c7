/** cca-api review before publication (issue 30, item 5): the queue, its count and the decisions, over the one API client. */
import type { AxiosInstance } from "axios";
import type { CCAData } from "@/contracts/cca-data";
import type { ReviewCount, ReviewDecision, ReviewQueue } from "@/contracts/review";

const REVIEW = "cca-api/api/v1/data/review";

/** A window event the review screens send after a decision: the header's "Review (N)" asks for its count again. */
export const REVIEW_COUNT_CHANGED = "cca:review-count-changed";

/** A page of the records waiting for the caller's review or sent back (reviewers; 403 for others, 401 anonymous). */
export async function fetchReviewQueue(client: AxiosInstance, query: { offset: number; limit: number; language: "en" | "hi" }): Promise<ReviewQueue> {
  const { data } = await client.get<ReviewQueue>(REVIEW, { params: query });
  return data;
}

/** How many records wait for the caller's review (the menu's badge; 403 for non-reviewers). */
export async function fetchReviewCount(client: AxiosInstance): Promise<ReviewCount> {
  const { data } = await client.get<ReviewCount>(`${REVIEW}/count`);
  return data;
}

/** Publishes a record or sends it back with a message; answers the record (409 when it was already decided). */
export async function decideReview(client: AxiosInstance, recordId: number, decision: ReviewDecision): Promise<CCAData> {
  const { data } = await client.put<CCAData>(`${REVIEW}/${recordId}`, decision);
  return data;
}
