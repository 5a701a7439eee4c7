import type { Translate } from "next-translate";
import { ApiError } from "@/lib/api/api-error";

/**
 * The translated reason a group call failed: `group:errors.<code>` (LAST_FOUNDER, SLUG_TAKEN, …),
 * else the shared `auth:codes.<code>`, else a generic sentence.
 */
export function groupErrorMessage(t: Translate, error: unknown): string {
  const code = ApiError.from(error).code.toLowerCase();
  return t(`group:errors.${code}`, undefined, { fallback: [`auth:codes.${code}`, "auth:codes.unknown"] });
}
