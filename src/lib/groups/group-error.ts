import type { Translate } from "next-translate";
import { ApiError } from "@/lib/api/api-error";
import { translateMessage } from "@/lib/api/error-message";

/**
 * The translated reason a group call failed: `group:errors.<code>` (LAST_FOUNDER, SLUG_TAKEN, …),
 * else the shared `auth:codes.<code>`, else a generic sentence.
 */
export function groupErrorMessage(t: Translate, error: unknown, context: "join" | "admins" = "join"): string {
  const code = ApiError.from(error).code.toLowerCase();
  if (code === "last_founder") return t(context === "join" ? "membership:join.last_founder" : "group:admins.last_founder");
  return t(`group:errors.${code}`, undefined, { fallback: [`auth:codes.${code}`, "auth:codes.unknown"] });
}

/** For controls without fields of their own: the first field error (e.g. an unknown e-mail), else the reason. */
export function groupFailureDetail(t: Translate, error: unknown): string {
  const first = Object.values(ApiError.from(error).fieldErrors ?? {})[0];
  return (first && translateMessage(t, first)) || groupErrorMessage(t, error);
}
