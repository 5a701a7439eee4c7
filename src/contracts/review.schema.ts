/** The contract of a review decision (src/contracts/review.ts): the review dialog and cca-api `PUT data/review/{id}` (`validateWith`). */
import * as yup from "yup";
import { FORM_ERRORS, maxLengthError } from "./field-errors";
import { REVIEW_ACTIONS, REVIEW_ERRORS, REVIEW_MESSAGE_MAX, type ReviewAction } from "./review";

export const reviewDecisionSchema = yup.object({
  action: yup
    .mixed<ReviewAction>()
    .required(FORM_ERRORS.required)
    .test("one-of", FORM_ERRORS.invalid, (v) => v === undefined || (REVIEW_ACTIONS as readonly unknown[]).includes(v)),
  message: yup
    .string()
    .typeError(FORM_ERRORS.invalid)
    .trim()
    .nullable()
    .default(null)
    .max(REVIEW_MESSAGE_MAX, maxLengthError(REVIEW_MESSAGE_MAX))
    .test("needed", REVIEW_ERRORS.messageRequired, function (v) {
      return this.parent.action !== "RETURN" || (typeof v === "string" && v !== "");
    }),
});
