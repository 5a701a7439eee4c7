import type { ApiErrorBody } from "@/contracts/api-error";

/** Every error code the platform answers with, and its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // Accounts (contracts/auth.ts AUTH_CODES): the UI translates these codes.
  VALIDATION_FAILED: 400,
  INVALID_OR_EXPIRED_OTP: 400,
  VERIFIED_OR_OTP_DELETED: 400,
  INVALID_ACTION: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  ACCOUNT_DISABLED: 403,
  INVALID_PASSWORD: 403,
  USER_NOT_FOUND: 404,
  EMAIL_MOBILE_ALREADY_EXISTS: 409,
  TOO_MANY_ATTEMPTS: 429,
  OTP_ATTEMPTS_EXCEEDED: 429,
  // Groups.
  NOT_A_MEMBER: 409,
  LAST_FOUNDER: 409,
  SLUG_TAKEN: 409,
  DOMAIN_TAKEN: 409,
  // Templates.
  SHORT_NAME_TAKEN: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; the router maps it to a status and an ApiErrorBody. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
    /** Extra response headers, e.g. Allow on 405. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return this.fieldErrors ? { message: this.message, code: this.code, fieldErrors: this.fieldErrors } : { message: this.message, code: this.code };
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError("BAD_REQUEST", message, fieldErrors);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
