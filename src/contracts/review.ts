/**
 * Review before publication (issue 30, item 5). A template may ask that its records be reviewed by a
 * curator before they are published (`CCATemplate.needsReview`; on for the demo's master template). A
 * record saved to it waits for review: it is not public whatever its consent says, and only its owner,
 * administrators, data curators and the founders and moderators of its groups see it (within its consent).
 * A reviewer publishes it or sends it back with a message in the contributor's language; the contributor
 * is told, and an edit of a record sent back puts it in the queue again.
 * Pure: shared by the review screens and cca-api `data/review`.
 */
import type { ConsentAudience } from "./consent";
import type { UserIbp } from "./user";

export const REVIEW_STATES = ["PUBLISHED", "PENDING", "RETURNED"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_ACTIONS = ["PUBLISH", "RETURN"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The longest message of a record sent back. */
export const REVIEW_MESSAGE_MAX = 1000;

/** `PUT cca-api/api/v1/data/review/{id}`. `message` is required to send a record back. */
export interface ReviewDecision {
  action: ReviewAction;
  message?: string | null;
}

/** One record of the queue (`GET cca-api/api/v1/data/review`). */
export interface ReviewItem {
  id: number;
  title: string;
  shortName: string;
  /** The template's name in the language asked. */
  templateName: string;
  contributor: UserIbp | null;
  /** Epoch ms. */
  createdOn: number;
  updatedOn: number;
  audience: ConsentAudience;
  state: ReviewState;
  /** The message of the last send-back (null while it was never sent back). */
  note: string | null;
}

export interface ReviewQueue {
  total: number;
  offset: number;
  limit: number;
  items: ReviewItem[];
}

/** `GET cca-api/api/v1/data/review/count`: how many records wait for the caller's review (the menu's badge). */
export interface ReviewCount {
  count: number;
}

export const REVIEW_ERRORS = {
  messageRequired: "governance:review.errors.message_required",
  notPending: "governance:review.errors.not_pending",
} as const;
