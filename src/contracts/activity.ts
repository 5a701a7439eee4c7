/** Activity list (reference §3.7, §4.7) as this platform answers it: comments, newest first. */

/** One comment. `body` is plain text: render it as text, never as HTML. */
export interface ActivityComment {
  id: number;
  body: string;
  /** ISO 8601 timestamp. */
  createdOn: string;
  user: { id: number; name: string; profilePic: string | null };
}

/** `GET activity-api/api/v1/service/ibp/{objectType}/{objectId}?offset=&limit=`. */
export interface ActivityList {
  activity: ActivityComment[];
  totalCount: number;
}
