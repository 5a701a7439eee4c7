import type { Translate } from "next-translate";
import { ApiError } from "@/lib/api/api-error";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";

/** The reason of a failed social call in the visitor's language: its first field error, else its code. */
export function socialErrorText(t: Translate, error: unknown): string {
  const fieldErrors = ApiError.from(error).fieldErrors ?? {};
  const first = Object.values(fieldErrors)[0];
  return translateMessage(t, first) ?? apiErrorMessage(t, error);
}

/** Whether the call failed with this field error key. */
export function hasFieldError(error: unknown, key: string): boolean {
  return Object.values(ApiError.from(error).fieldErrors ?? {}).includes(key);
}
