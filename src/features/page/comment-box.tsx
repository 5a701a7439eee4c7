// The comment box is shared by the page and document screens; it lives in components/.
export { CommentBox, checkComment, type CommentProblem, type PostResult } from "@/components/comments/comment-box";
