/** What the tests that walk every platform route (fuzz run, authorisation matrix) share about them. */

export interface RouteDescription {
  method: string;
  service: string;
  pattern: string;
}

/** The reference's writes that are GET requests (kept for its clients). */
export const GET_WRITES: ReadonlySet<string> = new Set(["userGroup /v1/group/join/:id", "userGroup /v1/group/remove/members"]);

/** A request that only reads: GET (or HEAD) and not one of GET_WRITES. */
export const isRead = (r: RouteDescription): boolean => r.method === "GET" && !GET_WRITES.has(`${r.service} ${r.pattern}`);
