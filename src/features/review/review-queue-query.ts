/** The review queue's page (`?offset=`), read the same way by the server and the browser. */
export const REVIEW_PAGE_SIZE = 20;

/** `?offset=` as a non-negative multiple of the page size (0 when missing or wrong). */
export function reviewOffset(value: string | string[] | undefined): number {
  const n = typeof value === "string" && /^\d{1,7}$/.test(value) ? Number(value) : 0;
  return n - (n % REVIEW_PAGE_SIZE);
}
