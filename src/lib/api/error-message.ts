import type { Translate } from "next-translate";
import { parseMessage } from "@/contracts/messages";
import { ApiError } from "./api-error";

/** A validation message (`form:required`, `form:min_length|{"min":8}`) in the visitor's language. */
export function translateMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, values } = parseMessage(message);
  // Keys look like `form:required`; anything else is already a sentence (e.g. from another platform).
  if (!/^[a-z]+:[\w.]+$/.test(key)) return message;
  return t(key, values, { fallback: "form:invalid" });
}

/** The translated text of a failed call: `auth:codes.<code in lower case>`, else a generic sentence. */
export function apiErrorMessage(t: Translate, error: unknown): string {
  const { code } = ApiError.from(error);
  return t(`auth:codes.${code.toLowerCase()}`, undefined, { fallback: "auth:codes.unknown" });
}

/**
 * Shows the platform's field errors (translation keys) under their fields. Returns the names it set;
 * errors for fields the form does not have are left to the form-level message.
 */
export function applyFieldErrors<F extends string>(error: unknown, fields: readonly F[], setError: (name: F, error: { type: string; message: string }) => void): F[] {
  const fieldErrors = ApiError.from(error).fieldErrors ?? {};
  const applied: F[] = [];
  for (const [name, message] of Object.entries(fieldErrors)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as F, { type: "server", message });
      applied.push(name as F);
    }
  }
  return applied;
}
