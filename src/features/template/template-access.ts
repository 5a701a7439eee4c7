import { TEMPLATE_WRITERS, type TemplateLanguage } from "@/contracts/template";
import { requireRole } from "@/lib/ssr/guards";
import type { ScreenContext } from "@/lib/ssr/with-layout";

/** Template screens: admins and template curators; anonymous → sign in, other members → 403. */
export const guardTemplateWriter = (screen: ScreenContext) => requireRole(screen, TEMPLATE_WRITERS);

/** The language of template texts a screen shows: `?language=` when given, else the visitor's. */
export function templateLanguage(query: unknown, locale: string | undefined): TemplateLanguage {
  const value = Array.isArray(query) ? query[0] : query;
  if (value === "en" || value === "hi") return value;
  return locale === "hi" ? "hi" : "en";
}
