/** The body of every non-2xx answer of the platform API. */
export interface ApiErrorBody {
  message: string;
  /** Stable machine-readable code, e.g. NOT_FOUND, BAD_REQUEST; the UI translates it. */
  code: string;
  fieldErrors?: Record<string, string>;
}
