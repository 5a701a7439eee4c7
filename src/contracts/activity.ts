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

/**
 * One entry of the history of a template or a record (`ccaTemplate`, `ccaData`): a comment
 * (`activityType` "Added a comment", `body` its text) or a change ("Template created", "Template
 * updated", "Field updated", …; `body` empty, `description` a short English summary, `details` the
 * structured change for the screen to phrase in the visitor's language).
 */
export interface ActivityEntry extends ActivityComment {
  activityType: string;
  description: string | null;
  details: Record<string, unknown> | null;
}

/** `GET activity-api/api/v1/service/ibp/{ccaTemplate|ccaData}/{id}?offset=&limit=`. */
export interface ActivityEntryList {
  activity: ActivityEntry[];
  totalCount: number;
}
