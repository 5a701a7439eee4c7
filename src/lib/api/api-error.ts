import type { ApiErrorBody } from "@/contracts/api-error";

/** The one error type of the front end: every failed platform call becomes an ApiError. */
export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The request itself was wrong (bad id, bad parameter): for a screen this is "not found". */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  static from(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const e = error as { response?: { status?: number; data?: Partial<ApiErrorBody> }; message?: string; code?: string };
    if (e?.response) {
      const body = e.response.data ?? {};
      return new ApiError(
        e.response.status ?? 500,
        typeof body.code === "string" ? body.code : "HTTP_ERROR",
        typeof body.message === "string" ? body.message : `Request failed with status ${e.response.status}`,
        body.fieldErrors,
      );
    }
    return new ApiError(0, "NETWORK_ERROR", e?.message ?? "The server could not be reached");
  }
}
