/** A group home's `Organization`: its name, its local-language name, logo, address and description. */
import { absolute, compact, SCHEMA_CONTEXT, type JsonLdObject } from "./json-ld";

export interface GroupOrganizationInput {
  name: string;
  nameLocal?: string | null;
  /** The logo's address (absolute or a path on the site). */
  logo?: string | null;
  /** The group home's address (absolute or a path on the site). */
  url: string;
  /** Plain text (tags removed). */
  description?: string | null;
  siteUrl: string;
}

export function groupOrganization(input: GroupOrganizationInput): JsonLdObject {
  const url = absolute(input.siteUrl, input.url);
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Organization",
    "@id": url,
    name: input.name,
    alternateName: input.nameLocal && input.nameLocal !== input.name ? input.nameLocal : undefined,
    logo: input.logo ? absolute(input.siteUrl, input.logo) : undefined,
    url,
    description: input.description?.trim() || undefined,
  });
}
